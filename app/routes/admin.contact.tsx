import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.contact";
import { ownerOf } from "~/.server/admin/owner.server";
import { routeMeta } from "~/lib/meta";
import { replyMailto } from "~/lib/mail-reply";
import { Facts } from "~/components/Facts";
import { ReplyAddress } from "~/components/admin/ReplyAddress";
import { FormKey } from "~/components/FormKey";
import { CONTACT_REQUEST_STATUSES, type ContactRequestRow, type ContactRequestStatus } from "~/models/contact";
import { parisLongDate } from "~/lib/dates";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Demandes de contact — Administration" });

export const handle = { breadcrumb: () => ({ label: "Demandes de contact", to: "/admin/contact" }) };

export async function loader({ context, url }: Route.LoaderArgs) {
  const raw = url.searchParams.get("statut") ?? "";
  const status = Object.hasOwn(CONTACT_REQUEST_STATUSES, raw) ? (raw as ContactRequestStatus) : undefined;
  const all = await ownerOf(context).contact.list({ includeArchived: true });
  const counts = Object.fromEntries(
    (Object.keys(CONTACT_REQUEST_STATUSES) as ContactRequestStatus[]).map((s) => [s, all.filter((r) => r.status === s).length]),
  ) as Record<ContactRequestStatus, number>;
  // Archived requests stay out of the way unless asked for.
  return { status, counts, requests: all.filter((r) => (status ? r.status === status : r.status !== "ARCHIVED")) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  return ownerOf(context).contact.act(request, url.pathname + url.search);
}

type ContactAction = "handled" | "archive" | "restore";
const ACTIONS: Record<ContactAction, string> = { handled: "Marquer traitée", archive: "Archiver", restore: "Désarchiver" };

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Paris" });

function RequestActions({ r }: { r: ContactRequestRow }) {
  const intents: ContactAction[] = r.status === "NEW" ? ["handled", "archive"] : r.status === "HANDLED" ? ["archive"] : ["restore"];
  return intents.map((i) => (
    <Form method="post" key={i}>
      <FormKey />
      <input type="hidden" name="requestId" value={r.id} />
      <button type="submit" name="intent" value={i} className="button small" aria-label={`${ACTIONS[i]} : ${r.subject} — ${r.name}`}>
        {ACTIONS[i]}
      </button>
    </Form>
  ));
}

export default function AdminContactRequests({ loaderData }: Route.ComponentProps) {
  const { requests, counts, status } = loaderData;
  const tabs: Array<[ContactRequestStatus | undefined, string]> = [
    [undefined, `En cours (${counts.NEW + counts.HANDLED})`],
    ["NEW", `Nouvelles (${counts.NEW})`],
    ["HANDLED", `Traitées (${counts.HANDLED})`],
    ["ARCHIVED", `Archivées (${counts.ARCHIVED})`],
  ];
  return (
    <div className="admin-contact">
      <h1>Demandes de contact</h1>
      <nav className="admin-tabs" aria-label="Demandes par statut">
        <ul>
          {tabs.map(([s, label]) => (
            <li key={label}>
              <Link to={s ? `?statut=${s}` : "/admin/contact"} aria-current={s === status ? "page" : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {requests.length === 0 ? (
        <p>Aucune demande ici.</p>
      ) : (
        <ul className="admin-requests">
          {requests.map((r) => {
            const reply = replyMailto(r.email, {
              subject: r.subject,
              message: r.message,
              name: r.name,
              date: r.createdDate ? parisLongDate.format(new Date(r.createdDate)) : undefined,
            });
            return (
              <li key={r.id}>
                <article aria-labelledby={`request-${r.id}`} className={`admin-request status-${r.status.toLowerCase()}`}>
                  <h2 id={`request-${r.id}`}>
                    {r.subject} — {r.name}
                    {r.company ? ` (${r.company})` : ""}
                  </h2>
                  <p className="admin-request-meta">
                    <span className="admin-badge">{r.statusLabel}</span>{" "}
                    {r.createdDate ? <time dateTime={r.createdDate}>{dateFormat.format(new Date(r.createdDate))}</time> : null} ·{" "}
                    <ReplyAddress email={r.email} /> · <Link to={`/admin/customers/${encodeURIComponent(r.email)}`}>Fiche client</Link>
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
                  <div className="admin-row-actions">
                    {reply ? (
                      <a className="button small" href={reply}>
                        Répondre<span className="visually-hidden"> à {r.name}</span>
                      </a>
                    ) : null}
                    <Link className="button small" to={`/admin/devis/nouveau?demande=${encodeURIComponent(r.id)}`}>
                      Faire un devis<span className="visually-hidden"> pour {r.name}</span>
                    </Link>
                    <RequestActions r={r} />
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
