import type { ReactNode } from "react";

/** One column: its header, which also labels the cell when rows become cards, and the cell's content for a row. */
export interface StackColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The row's title (a link, a name): it stands unlabelled at the top of the card. */
  title?: boolean;
}

/**
 * A table whose rows become labelled cards under 600 px (`stack-table` in site.css): every cell but the title carries
 * its column's header as `data-label`; a cell whose content is `null` stays empty and unlabelled (hidden in cards).
 */
export function StackTable<Row extends { id: string }>({
  className,
  caption,
  columns,
  rows,
}: {
  className: string;
  caption: ReactNode;
  columns: StackColumn<Row>[];
  rows: Row[];
}) {
  return (
    <table className={`${className} stack-table`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((c) => {
              const content = c.cell(row);
              if (content === null) return <td key={c.header} />;
              return (
                <td key={c.header} data-label={c.title ? undefined : c.header}>
                  {content}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
