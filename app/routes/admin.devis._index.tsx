import { Link } from "react-router";
import { StackTable, type StackColumn } from "~/components/StackTable";
import type { Route } from "./+types/admin.devis._index";
import { ownerOf } from "~/.server/admin/owner.server";
import { routeMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Devis — Administration" });

export const handle = { breadcrumb: () => ({ label: "Devis", to: "/admin/devis" }) };

export async function loader({ context }: Route.LoaderArgs) {
  return { quotes: await ownerOf(context).quotes.list() };
}

type QuoteRow = Route.ComponentProps["loaderData"]["quotes"][number];

const COLUMNS: StackColumn<QuoteRow>[] = [
  {
    header: "Numéro",
    title: true,
    cell: (q) => (
      <>
        <Link to={`/admin/devis/${q.number}`}>{q.number}</Link>
        {q.version > 1 ? ` (v${q.version})` : ""}
      </>
    ),
  },
  { header: "Client", cell: (q) => q.client },
  { header: "Total TTC", cell: (q) => q.total },
  { header: "Statut", cell: (q) => <span className="admin-badge">{q.status}</span> },
  { header: "Valable jusqu'au", cell: (q) => q.validUntil },
];

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin-quotes">
      <h1>Devis</h1>
      <p>
        <Link className="button primary" to="/admin/devis/nouveau">
          Nouveau devis
        </Link>
      </p>
      {loaderData.quotes.length === 0 ? (
        <p>Aucun devis pour l'instant.</p>
      ) : (
        <StackTable className="admin-table" caption="Devis, le plus récent d'abord" columns={COLUMNS} rows={loaderData.quotes} />
      )}
    </div>
  );
}
