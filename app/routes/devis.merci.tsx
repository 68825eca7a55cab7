import type { Route } from "./+types/devis.merci";
import { privatePageMeta, routeMeta } from "~/lib/meta";
import { clientQuote } from "~/.server/quotes/client-route.server";
import { formatPrice } from "~/lib/money";
import { QUOTE_STATUSES } from "~/models/quote";
import { SignedLinkErrorBoundary } from "~/components/ErrorScreen";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  privatePageMeta(routeMeta({ matches, location }, { title: "Paiement reçu" }));

/** Where Wix's payment page sends the client back (the redirect session's thank-you URL): the receipt and its invoice. */
export async function loader({ url }: Route.LoaderArgs) {
  const { quote, status } = await clientQuote(url);
  const invoice = quote.invoices.at(-1) ?? null;
  return {
    number: quote.number,
    status: QUOTE_STATUSES[status],
    invoice,
    email: quote.client.email,
    token: url.searchParams.get("jeton") ?? "",
  };
}

export default function QuoteThanks({ loaderData }: Route.ComponentProps) {
  const { number, status, invoice, email, token } = loaderData;
  const jeton = encodeURIComponent(token);
  return (
    <section className="thanks-page" aria-labelledby="thanks-title">
      <h1 id="thanks-title">{invoice ? "Merci, paiement reçu" : "Paiement en cours de confirmation"}</h1>
      {invoice ? (
        <>
          <p>
            Reçu : {formatPrice(invoice.amountCents / 100)} payés par carte le{" "}
            {new Date(invoice.issuedAt).toLocaleString("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" })} pour
            le devis {number} ({status.toLowerCase()}).
          </p>
          <p>
            Votre facture {invoice.kind === "acompte" ? "d'acompte" : "de solde"}{" "}
            <a href={`/devis/facture?jeton=${jeton}&numero=${invoice.number}`}>{invoice.number}</a> vous a été envoyée à {email}.
          </p>
        </>
      ) : (
        <p>Wix n'a pas encore confirmé le paiement. Rechargez cette page dans un instant.</p>
      )}
      <p>
        <a href={`/devis?jeton=${jeton}`}>Revenir au devis</a>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SignedLinkErrorBoundary error={error} />;
}
