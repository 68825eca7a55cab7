import { useState } from "react";
import { Form, Link, useFetcher, useFetchers } from "react-router";
import type { Route } from "./+types/cart";
import { Field } from "~/components/Field";
import { CartLineItem } from "~/components/cart/CartLineItem";
import { availabilityProblem } from "~/models/availability";
import type { CartAnswer, CartFailureNotified } from "~/models/cart-forms";
import { formAnswerOf } from "~/models/form-answer";
import { COUPON_FETCHER_KEY, optimisticCart } from "~/components/cart/optimistic";
import { CART_ACTION, CartIntent } from "~/models/cart-intents";
import { CartTotalsSummary } from "~/components/cart/CartTotalsSummary";
import { privatePageMeta, routeMeta } from "~/lib/meta";
import { commerceOf } from "~/.server/wix/commerce.server";
import { cartAction } from "~/.server/cart/cart-action.server";
import { failureNotice } from "~/lib/failed-submission";
import { notify } from "~/components/Notifications";
import { FormKey } from "~/components/FormKey";
import { routeCssLinks } from "~/lib/route-css";

export const links: Route.LinksFunction = routeCssLinks("cart");

export const meta: Route.MetaFunction = ({ matches, location }) => privatePageMeta(routeMeta({ matches, location }, { title: "Panier" }));

export const handle = { css: "cart", breadcrumb: () => ({ label: "Panier", to: "/cart" }) };

export async function loader({ context }: Route.LoaderArgs) {
  // One call answers both the cart and its totals (the header's count shares it).
  const found = await commerceOf(context).cart.withTotals();
  return found ? { cart: found.cart, totals: found.totals } : { cart: null, totals: null };
}

/** The one cart action: every cart change, from this page or any other (app/.server/cart/cart-action.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return cartAction(request, commerceOf(context), await request.formData());
}

/**
 * With scripts, cart forms post through fetchers from any page (an add from a product page): an error the action
 * throws (platform down, timeout) would replace that whole page with the error screen and lose the chosen options.
 * It becomes a notification instead and the page stays as it was (tests/e2e/faults.spec.ts). Without scripts the error screen is
 * the answer, as for any other form.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    // Redirects (success, a flashed refusal) go on as usual.
    if (error instanceof Response) throw error;
    const notice = failureNotice(error);
    void notify.error(notice.title, notice.description);
    return { failed: true } satisfies CartFailureNotified;
  }
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, totals } = loaderData;
  const fetchers = useFetchers();
  const view = cart ? optimisticCart(cart, fetchers) : null;
  const noJsAnswer = formAnswerOf(actionData);
  // Field errors come from our validation or from the platform through failedAction: both keep the typed values.
  const answerLineId = noJsAnswer?.values.lineId;
  const empty = !view || !totals || view.visibleLines.length === 0;
  const blocked =
    !!view && view.visibleLines.some((line) => totals?.blockedLines.includes(line.id) || availabilityProblem(line.availability) !== null);
  // One tree whatever the state: lines being removed stay mounted (hidden) at the same place,
  // since a fetcher whose component unmounts has its answer ignored.
  return (
    <section className={empty ? "cart-page cart-empty" : "cart-page"} aria-labelledby="cart-title">
      <h1 id="cart-title">Votre panier</h1>
      {empty ? (
        <>
          <p>Votre panier est vide.</p>
          <p>
            <Link to="/products" className="button">
              Découvrir le catalogue
            </Link>
          </p>
        </>
      ) : (
        <p className="cart-count-summary">
          {view.itemCount} article{view.itemCount > 1 ? "s" : ""}
        </p>
      )}
      <div className="cart-layout">
        {view ? (
          <ul className="cart-lines" aria-label="Articles du panier" hidden={empty}>
            {view.lines.map((line) => (
              <CartLineItem
                key={line.id}
                line={line}
                blocked={totals?.blockedLines.includes(line.id) ?? false}
                actionData={answerLineId === line.id ? noJsAnswer : undefined}
              />
            ))}
          </ul>
        ) : null}
        {!empty && totals ? (
          <aside className="cart-side" aria-label="Récapitulatif">
            <CouponForm couponCode={view.couponCode} actionData={answerLineId ? undefined : noJsAnswer} />
            <CartTotalsSummary totals={totals} pending={view.pending} />
            {blocked ? (
              <p className="cart-blocked" id="cart-blocked">
                Certains articles ne sont plus disponibles : corrigez-les pour passer la commande.
              </p>
            ) : null}
            <Form method="get" action="/checkout" className="cart-checkout">
              <button type="submit" className="button" disabled={blocked} aria-describedby={blocked ? "cart-blocked" : undefined}>
                Passer la commande
              </button>
            </Form>
            <p>
              <Link to="/products">Continuer mes achats</Link>
            </p>
          </aside>
        ) : null}
      </div>
    </section>
  );
}

function CouponForm({ couponCode, actionData }: { couponCode?: string; actionData?: CartAnswer }) {
  const fetcher = useFetcher<CartAnswer | CartFailureNotified>({ key: COUPON_FETCHER_KEY });
  // The fetcher keeps its last answer across a later successful apply or removal (answered by a
  // redirect): its error is shown only while the last thing sent from here was that coupon.
  const [lastIntent, setLastIntent] = useState<CartIntent | undefined>(undefined);
  const answer = lastIntent === undefined || lastIntent === CartIntent.coupon ? (formAnswerOf(fetcher.data) ?? actionData) : undefined;
  const busy = fetcher.state !== "idle";
  if (couponCode) {
    return (
      <div className="cart-coupon">
        <p className="cart-coupon-applied">
          Code promo <strong>{couponCode}</strong> appliqué
        </p>
        <fetcher.Form method="post" action={CART_ACTION} preventScrollReset onSubmit={() => setLastIntent(CartIntent.removeCoupon)}>
          <FormKey />
          <input type="hidden" name="intent" value={CartIntent.removeCoupon} />
          <button type="submit" className="button-link" disabled={busy}>
            Retirer le code promo
          </button>
        </fetcher.Form>
      </div>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      preventScrollReset
      className="cart-coupon"
      noValidate
      onSubmit={() => setLastIntent(CartIntent.coupon)}
    >
      <FormKey />
      <input type="hidden" name="intent" value={CartIntent.coupon} />
      <Field
        label="Code promo"
        name="code"
        autoComplete="off"
        maxLength={64}
        defaultValue={answer?.values.code ?? ""}
        error={fetcher.state === "idle" ? answer?.fieldErrors.code : undefined}
      />
      <button type="submit" className="button-ghost" disabled={busy}>
        Appliquer
      </button>
    </fetcher.Form>
  );
}
