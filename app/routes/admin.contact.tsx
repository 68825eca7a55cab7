import type { Route } from "./+types/admin.contact";
import { listContactRequests } from "~/.server/admin-contact.server";
import { elevatedClientOf } from "~/.server/owner.server";
import { routeMeta } from "~/lib/meta";
import { Facts } from "~/components/Facts";
import { ReplyAddress } from "~/components/admin/ReplyAddress";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Demandes de contact — Administration" });

export const handle = { breadcrumb: () => ({ label: "Demandes de contact", to: "/admin/contact" }) };

export async function loader({ context }: Route.LoaderArgs) {
  const admin = elevatedClientOf(context);
  return { requests: await listContactRequests(admin) };
}

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Paris" });

export default function AdminContactRequests({ loaderData }: Route.ComponentProps) {
  const { requests } = loaderData;
  return (
    <div className="admin-contact">
      <h1>Demandes de contact</h1>
      {requests.length === 0 ? (
        <p>Aucune demande reçue pour le moment.</p>
      ) : (
        <ul className="admin-requests">
          {requests.map((r) => (
            <li key={r.id}>
              <article aria-labelledby={`request-${r.id}`}>
                <h2 id={`request-${r.id}`}>
                  {r.subject} — {r.name}
                  {r.company ? ` (${r.company})` : ""}
                </h2>
                <p className="admin-request-meta">
                  {r.createdDate ? <time dateTime={r.createdDate}>{dateFormat.format(new Date(r.createdDate))}</time> : null} ·{" "}
                  <ReplyAddress email={r.email} />
                </p>
                <Facts
                  className="admin-request-facts"
                  facts={[
                    ["Téléphone", r.phone],
                    ["Prestation", r.product],
                    ["Budget", r.budget],
                    ["Dates", r.dates],
                  ]}
                />
                <p className="admin-request-message">{r.message}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
