import { Form, redirectDocument } from "react-router";
import type { Route } from "./+types/devis";
import { privatePageMeta, routeMeta } from "~/lib/meta";
import { parseForm, refuseForm } from "~/.server/http/form.server";
import { redirectWithToast } from "~/.server/http/toast.server";
import { failedAction } from "~/.server/wix/errors.server";
import { commerceOf } from "~/.server/wix/commerce.server";
import { acceptQuote, closedReason, payableRequest, payDue, refuseQuote } from "~/.server/quotes/client-quotes.server";
import { clientQuote } from "~/.server/quotes/client-route.server";
import { clientTitle, QUOTE_STATUSES, quoteTotals } from "~/models/quote";
import { acceptSchema, refuseSchema } from "~/models/quote-forms";
import { formatPrice } from "~/lib/money";
import { useFormAnswer } from "~/hooks/use-form-answer";
import { ConsentBox, Field } from "~/components/Field";
import { FormError } from "~/components/FormError";
import { FormKey } from "~/components/FormKey";
import { QuoteSummary } from "~/components/quotes/QuoteSummary";
import { SignedLinkErrorBoundary } from "~/components/ErrorScreen";
import { routeCssLinks } from "~/lib/route-css";

export const links: Route.LinksFunction = routeCssLinks("cart");

export const handle = { css: "cart" };

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  privatePageMeta(routeMeta({ matches, location }, { title: loaderData ? `Devis ${loaderData.quote.number}` : "Devis" }));

/** The client's quote, from the signed link of its e-mail (app/.server/quotes/link.server.ts): no account needed. */
export async function loader({ url }: Route.LoaderArgs) {
  const { quote, status } = await clientQuote(url, { viewed: true });
  const due = payableRequest(quote);
  return {
    quote,
    totals: quoteTotals(quote),
    status,
    statusLabel: QUOTE_STATUSES[status],
    closed: closedReason(status),
    due: due?.kind ?? null,
    token: url.searchParams.get("jeton") ?? "",
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const token = url.searchParams.get("jeton") ?? "";
  const back = `/devis?jeton=${encodeURIComponent(token)}`;
  try {
    const access = await clientQuote(url);
    if (intent === "accept") {
      const parsed = parseForm(acceptSchema, form);
      if (!parsed.ok) return refuseForm(parsed, { intent: "accept" as const });
      const answer = await acceptQuote(commerceOf(context), access, parsed.data.signatureName, token);
      if ("refused" in answer) return redirectWithToast(request, back, { type: "error", title: answer.refused ?? "" });
      return redirectDocument(answer.location, { status: 303 });
    }
    if (intent === "refuse") {
      const parsed = parseForm(refuseSchema, form);
      if (!parsed.ok) return refuseForm(parsed, { intent: "refuse" as const });
      const refused = await refuseQuote(access, parsed.data.reason);
      return redirectWithToast(
        request,
        back,
        refused ? { type: "error", title: refused } : { type: "success", title: "Votre refus a été enregistré. Merci de votre réponse." },
      );
    }
    if (intent === "pay")
      return (
        (await payDue(commerceOf(context), access, token)) ??
        redirectWithToast(request, back, { type: "error", title: "Rien à payer pour ce devis." })
      );
    return redirectWithToast(request, back, { type: "error", title: "Action inconnue." });
  } catch (error) {
    return failedAction(request, error, { redirectTo: back });
  }
}

export default function ClientQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { quote: q, totals, status, statusLabel, closed, due, token } = loaderData;
  const { bind, busy, formError } = useFormAnswer(actionData);
  const jeton = encodeURIComponent(token);
  const paid = (kind: "acompte" | "solde") => q.invoices.find((i) => i.kind === kind);
  // A request that lapsed unpaid and was not asked again: said, never a payment button for it.
  const lapsed =
    status === "ACCEPTED" && !q.depositRequestId
      ? "acompte"
      : status === "DEPOSIT_PAID" && !q.balanceRequestId && q.lapsedRequests?.some((l) => l.kind === "solde")
        ? "solde"
        : null;
  return (
    <section className="quote-page" aria-labelledby="quote-title">
      <h1 id="quote-title">
        Devis <span className="quote-number">{q.number}</span>
        {q.version > 1 ? ` (version ${q.version})` : ""}
      </h1>
      <p>
        Pour {clientTitle(q.client)} · Statut : <strong data-status={status}>{statusLabel}</strong> ·{" "}
        <a href={`/devis/pdf?jeton=${jeton}`}>Télécharger le PDF</a>
      </p>
      {closed && status !== "ACCEPTED" && status !== "DEPOSIT_PAID" && status !== "SETTLED" ? (
        <p className="notice" role="status">
          {closed}
        </p>
      ) : null}
      {lapsed ? (
        <p className="notice" role="status">
          La demande de paiement {lapsed === "acompte" ? "de l'acompte" : "du solde"} n'est plus valable : une nouvelle vous sera envoyée
          par e-mail.
        </p>
      ) : null}
      <QuoteSummary quote={q} totals={totals} />
      {q.acceptance ? (
        <p>
          Bon pour accord de {q.acceptance.name} le{" "}
          {new Date(q.acceptance.at).toLocaleString("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" })}.
        </p>
      ) : null}
      {due ? (
        <Form method="post" className="quote-pay">
          <FormKey />
          <button type="submit" name="intent" value="pay" className="button primary" disabled={busy}>
            {due === "acompte"
              ? `Payer l'acompte de ${formatPrice(totals.deposit / 100)}`
              : `Payer le solde de ${formatPrice(totals.balance / 100)}`}
          </button>
        </Form>
      ) : null}
      {q.invoices.length ? (
        <ul className="quote-invoices">
          {(["acompte", "solde"] as const).map((kind) => {
            const i = paid(kind);
            return i ? (
              <li key={kind}>
                <a href={`/devis/facture?jeton=${jeton}&numero=${i.number}`}>
                  Facture {kind === "acompte" ? "d'acompte" : "de solde"} {i.number}
                </a>{" "}
                ({formatPrice(i.amountCents / 100)})
              </li>
            ) : null;
          })}
        </ul>
      ) : null}
      {!closed ? (
        <div className="quote-answers">
          <Form method="post" className="quote-accept" aria-labelledby="accept-title">
            <h2 id="accept-title">Accepter le devis</h2>
            <FormKey />
            <FormError message={formError} />
            <Field label="Votre nom (vaut signature)" autoComplete="name" {...bind("signatureName")} />
            <ConsentBox name="approval" error={bind("approval").error}>
              Bon pour accord : j'accepte ce devis et ses conditions, et je paie l'acompte de {formatPrice(totals.deposit / 100)}.
            </ConsentBox>
            <button type="submit" name="intent" value="accept" className="button primary" disabled={busy}>
              Accepter et payer l'acompte
            </button>
          </Form>
          <Form method="post" className="quote-refuse" aria-labelledby="refuse-title">
            <h2 id="refuse-title">Refuser le devis</h2>
            <FormKey />
            <Field label="Raison (facultatif)" {...bind("reason")} />
            <button type="submit" name="intent" value="refuse" className="button button-ghost" disabled={busy}>
              Refuser le devis
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SignedLinkErrorBoundary error={error} />;
}
