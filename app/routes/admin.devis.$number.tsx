import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.devis.$number";
import { ownerOf } from "~/.server/admin/owner.server";
import { routeMeta } from "~/lib/meta";
import { formatPrice } from "~/lib/money";
import { clientTitle, effectiveStatus, QUOTE_STATUSES, quoteTotals } from "~/models/quote";
import { parisToday } from "~/lib/paris-days";
import { FormKey } from "~/components/FormKey";
import { QuoteSummary } from "~/components/quotes/QuoteSummary";
import { routeCssLinks } from "~/lib/route-css";

export const links: Route.LinksFunction = routeCssLinks("cart");

export const meta: Route.MetaFunction = ({ matches, location, params }) =>
  routeMeta({ matches, location }, { title: `Devis ${params.number} — Administration` });

export const handle = {
  css: "cart",
  breadcrumb: (m: { params: { number?: string } }) => ({ label: m.params.number ?? "Devis", to: `/admin/devis/${m.params.number}` }),
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const q = await ownerOf(context).quotes.read(params.number);
  const status = effectiveStatus(q, parisToday());
  return { quote: q, totals: quoteTotals(q), status, statusLabel: QUOTE_STATUSES[status] };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return ownerOf(context).quotes.act(request, params.number);
}

type Intent = "send" | "balance" | "deposit";

const when = (iso?: string) =>
  iso ? new Date(iso).toLocaleString("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" }) : "";

export default function AdminQuote({ loaderData }: Route.ComponentProps) {
  const { quote: q, totals, status, statusLabel } = loaderData;
  const action = (intent: Intent, label: string) => (
    <Form method="post">
      <FormKey />
      <button type="submit" name="intent" value={intent} className="button primary">
        {label}
      </button>
    </Form>
  );
  return (
    <div className="admin-quote">
      <h1>
        Devis <span className="quote-number">{q.number}</span>
        {q.version > 1 ? ` (version ${q.version})` : ""}
      </h1>
      <p className="admin-quote-status">
        Statut :{" "}
        <span className="admin-badge" data-status={status}>
          {statusLabel}
        </span>{" "}
        · {clientTitle(q.client)} · {q.client.email}
      </p>
      <ul className="admin-quote-facts">
        {q.sentAt ? <li>Envoyé le {when(q.sentAt)}</li> : null}
        {q.viewedAt ? <li>Vu le {when(q.viewedAt)}</li> : null}
        {q.acceptance ? (
          <li>
            Bon pour accord de {q.acceptance.name} le {when(q.acceptance.at)}
          </li>
        ) : null}
        {q.refusal ? (
          <li>
            Refusé le {when(q.refusal.at)}
            {q.refusal.reason ? ` : « ${q.refusal.reason} »` : ""}
          </li>
        ) : null}
        {q.orderId ? (
          <li>
            Commande <Link to={`/admin/orders/${q.orderId}`}>n° {q.orderNumber}</Link>
          </li>
        ) : null}
        {(q.lapsedRequests ?? []).map((l) => (
          <li key={l.paymentRequestId}>
            Demande {l.kind === "acompte" ? "d'acompte" : "de solde"} {l.status === "EXPIRED" ? "expirée" : "annulée"} sans paiement
            (constaté le {when(l.at)})
          </li>
        ))}
        {q.balanceRequestId && status === "DEPOSIT_PAID" ? (
          <li>Solde de {formatPrice(totals.balance / 100)} demandé, en attente de paiement</li>
        ) : null}
      </ul>
      <div className="admin-row-actions">
        {status === "DRAFT" ? action("send", "Envoyer au client") : null}
        {status === "SENT" || status === "VIEWED" ? action("send", "Renvoyer l'e-mail") : null}
        {status === "ACCEPTED" && !q.depositRequestId ? action("deposit", "Redemander l'acompte") : null}
        {status === "DEPOSIT_PAID" && !q.balanceRequestId ? action("balance", "Demander le solde") : null}
        {["DRAFT", "SENT", "VIEWED", "EXPIRED", "REFUSED"].includes(status) ? (
          <Link className="button" to={`/admin/devis/${q.number}/modifier`}>
            {status === "DRAFT" ? "Modifier" : "Réviser (nouvelle version)"}
          </Link>
        ) : null}
        <a className="button" href={`/admin/devis/${q.number}/pdf`}>
          PDF du devis
        </a>
      </div>
      <QuoteSummary quote={q} totals={totals} />
      {q.invoices.length ? (
        <section aria-labelledby="quote-invoices">
          <h2 id="quote-invoices">Factures</h2>
          <ul>
            {q.invoices.map((i) => (
              <li key={i.number}>
                <a href={`/admin/devis/${q.number}/pdf?facture=${i.number}`}>
                  Facture {i.kind === "acompte" ? "d'acompte" : "de solde"} {i.number}
                </a>{" "}
                — {formatPrice(i.amountCents / 100)}, le {when(i.issuedAt)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
