import { data } from "react-router";
import type { Route } from "./+types/factures.lien-non-valide";
import { routeMeta } from "~/lib/meta";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Lien de facture non valide", description: "Ce lien de facture ne peut pas être ouvert." });

/**
 * Where a refused invoice link (`/factures/:orderId`) sends the buyer: the specification's error screen with what to
 * do, answered with the refusal's status (410 when the link expired, 403 when it was changed).
 */
export function loader({ url }: Route.LoaderArgs) {
  if (url.searchParams.get("raison") === "expire")
    throw data(
      { message: "Ce lien de facture a expiré : retrouvez la facture dans votre compte, ou demandez-la-nous depuis la page Contact." },
      { status: 410 },
    );
  throw data(
    { message: "Ce lien de facture n'est pas valide : ouvrez le lien complet de votre e-mail de confirmation, sans le modifier." },
    { status: 403 },
  );
}

export default function InvalidInvoiceLink() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} />;
}
