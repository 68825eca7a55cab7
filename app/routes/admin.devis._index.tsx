import { Link } from "react-router";
import type { Route } from "./+types/admin.devis._index";
import { elevatedClientOf } from "~/.server/admin/owner.server";
import { listQuotes } from "~/.server/quotes/store.server";
import { parisToday } from "~/lib/paris-days";
import { routeMeta } from "~/lib/meta";
import { formatPrice } from "~/lib/money";
import { clientTitle, effectiveStatus, QUOTE_STATUSES, quoteTotals } from "~/models/quote";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Devis — Administration" });

export const handle = { breadcrumb: () => ({ label: "Devis", to: "/admin/devis" }) };

export async function loader({ context }: Route.LoaderArgs) {
  const today = parisToday();
  const quotes = await listQuotes(elevatedClientOf(context));
  return {
    quotes: quotes.map((q) => ({
      number: q.number,
      version: q.version,
      client: clientTitle(q.client),
      total: formatPrice(quoteTotals(q).totalTtc / 100),
      status: QUOTE_STATUSES[effectiveStatus(q, today)],
      validUntil: q.validUntil,
    })),
  };
}

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
        <div className="table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">Devis, le plus récent d'abord</caption>
            <thead>
              <tr>
                <th scope="col">Numéro</th>
                <th scope="col">Client</th>
                <th scope="col" className="num">
                  Total TTC
                </th>
                <th scope="col">Statut</th>
                <th scope="col">Validité</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.quotes.map((q) => (
                <tr key={q.number}>
                  <td>
                    <Link to={`/admin/devis/${q.number}`}>{q.number}</Link>
                    {q.version > 1 ? ` (v${q.version})` : ""}
                  </td>
                  <td>{q.client}</td>
                  <td className="num">{q.total}</td>
                  <td>
                    <span className="admin-badge">{q.status}</span>
                  </td>
                  <td>{new Date(`${q.validUntil}T12:00:00Z`).toLocaleDateString("fr-FR")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
