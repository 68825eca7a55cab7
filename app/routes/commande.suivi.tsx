import { data } from "react-router";
import type { Route } from "./+types/commande.suivi";
import { privatePageMeta, routeMeta } from "~/lib/meta";
import { OrderDetails } from "~/components/OrderDetails";
import { OrderFollowUp } from "~/components/OrderFollowUp";
import { readFollowToken } from "~/.server/orders/follow-link.server";
import { guestOrder } from "~/.server/orders/orders.server";
import { mapLoaderErrors } from "~/.server/wix/errors.server";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { routeCssLinks } from "~/lib/route-css";

export const links: Route.LinksFunction = routeCssLinks("cart");

export const handle = { css: "cart" };

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  privatePageMeta(routeMeta({ matches, location }, { title: loaderData ? `Commande n° ${loaderData.order.number}` : "Lien non valide" }));

/**
 * A guest's order, read-only, from the signed link of the thank-you page (app/.server/orders/follow-link.server.ts):
 * the same follow-up as a member's order page (date, statuses, parcels with their tracking, invoice).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const check = readFollowToken(url.searchParams.get("jeton"));
  const refused = (message: string) => data({ message }, { status: 403 });
  if (!check.ok)
    throw refused(
      check.reason === "expired"
        ? "Ce lien de suivi a expiré : retrouvez votre commande avec le lien de l'e-mail de confirmation ou contactez-nous."
        : "Ce lien de suivi n'est pas valide : ouvrez le lien complet de la page de remerciement ou de l'e-mail de confirmation, sans le modifier.",
    );
  const order = await mapLoaderErrors(() => guestOrder(check.orderId));
  if (!order) throw refused("Le suivi sans compte n'est pas disponible sur ce site : utilisez l'e-mail de confirmation.");
  return { order };
}

export default function FollowOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <section className="thanks-page" aria-labelledby="order-title">
      <h1 id="order-title">Commande n° {order.number}</h1>
      <OrderFollowUp order={order} />
      <OrderDetails order={order} />
    </section>
  );
}

/** The specification's error screen ("Something Went Wrong", the refusal's sentence saying what to do). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} />;
}
