import type { ReactNode } from "react";
import { StackTable, type StackColumn } from "~/components/StackTable";

/** A member's list page (her orders, her quotes): the table of her rows, or what to do while there are none. */
export function MemberList<Row extends { id: string }>({
  title,
  caption,
  columns,
  rows,
  empty,
}: {
  title: string;
  /** Read by screen readers: what the rows are and in which order. */
  caption: string;
  columns: StackColumn<Row>[];
  rows: Row[];
  /** The paragraph shown instead of an empty table. */
  empty: ReactNode;
}) {
  return (
    <div className="orders">
      <h1>{title}</h1>
      {rows.length === 0 ? <p>{empty}</p> : <StackTable className="orders-table" caption={caption} columns={columns} rows={rows} />}
    </div>
  );
}
