import { useState } from "react";
import { data, Form, Link, useFetcher, useFetchers } from "react-router";
import type { Route } from "./+types/cart";
import cartStyles from "~/styles/cart.css?url";
import { Field } from "~/components/Field";
import { CartLineItem, type CartActionData } from "~/components/cart/CartLineItem";
import { availabilityProblem, cartActionSchema, stockProblem } from "~/models/cart-forms";
import { COUPON_FETCHER_KEY, optimisticCart } from "~/components/cart/optimistic";
import { CartTotalsSummary } from "~/components/cart/CartTotalsSummary";
import { parseForm } from "~/lib/forms";
import { pageMeta, rootSite, siteMetaFor } from "~/lib/meta";
import { privatePageMeta } from "~/components/cart/meta";
import { commerceOf } from "~/.server/commerce.server";
import { applyCoupon, estimateTotals, getCart, removeCoupon, removeLine, updateLineQuantity } from "~/.server/cart.server";
import { redirectWithToast } from "~/.server/toast.server";
import { failedAction, failedLoader } from "~/.server/wix-errors.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: Route.MetaFunction = ({ matches, location }) =>
  privatePageMeta(pageMeta(siteMetaFor(rootSite(matches), location.pathname), { title: "Panier" }));

export const handle = { breadcrumb: () => ({ label: "Panier", to: "/cart" }) };

export async function loader({ context }: Route.LoaderArgs) {
  const commerce = commerceOf(context);
  try {
    const cart = await getCart(commerce);
    if (!cart || cart.lines.length === 0) return { cart: null, totals: null };
    return { cart, totals: await estimateTotals(commerce) };
  } catch (error) {
    failedLoader(error);
  }
}

const COUPON_ERROR_FIELDS = {
  COUPON_DOES_NOT_EXIST: "code",
  COUPON_NOT_FOUND: "code",
  COUPON_IS_DISABLED: "code",
  COUPON_EXPIRED: "code",
  COUPON_USAGE_EXCEEDED: "code",
  COUPON_LIMIT_PER_CUSTOMER_EXCEEDED: "code",
  COUPON_NOT_APPLICABLE: "code",
} as const;

const SUCCESS_MESSAGES = {
  update: "Quantité mise à jour",
  remove: "Article retiré",
  coupon: "Code promo appliqué",
  "remove-coupon": "Code promo retiré",
} as const;

/** One action for every cart form, told apart by `intent`; answers 303 to /cart with a notification. */
export async function action({ request, context }: Route.ActionArgs) {
  const commerce = commerceOf(context);
  const form = parseForm(cartActionSchema, await request.formData());
  if (!form.ok) {
    if (form.fieldErrors.intent) return redirectWithToast(request, "/cart", { type: "error", title: "Action inconnue." });
    if (form.fieldErrors.lineId)
      return redirectWithToast(request, "/cart", { type: "error", title: "Cet article n'est plus dans votre panier." });
    return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  }
  const input = form.data;
  try {
    if (input.intent === "update" || input.intent === "remove") {
      // Only lines of the caller's own cart: a stale page or a forged id gets a clear message, not a platform error.
      const cart = await getCart(commerce);
      const line = cart?.lines.find((l) => l.id === input.lineId);
      if (!line) {
        return redirectWithToast(request, "/cart", { type: "error", title: "Cet article n'est plus dans votre panier." });
      }
      // More than the stock left is refused here, beside the field, rather than accepted then blocking the order.
      const problem = input.intent === "update" ? stockProblem(line.availability, input.quantity) : null;
      if (problem) return data({ fieldErrors: { quantity: problem }, values: form.values }, { status: 400 });
      if (input.intent === "update") await updateLineQuantity(commerce, input.lineId, input.quantity);
      else await removeLine(commerce, input.lineId);
    } else if (input.intent === "coupon") {
      await applyCoupon(commerce, input.code);
    } else {
      await removeCoupon(commerce);
    }
  } catch (error) {
    return failedAction(request, error, {
      redirectTo: "/cart",
      fieldMap: { quantity: "quantity", couponCode: "code" },
      // A refused coupon is told beside its field, the typed code kept.
      codeFields: input.intent === "coupon" ? COUPON_ERROR_FIELDS : {},
      values: form.values,
    });
  }
  return redirectWithToast(request, "/cart", { type: "success", title: SUCCESS_MESSAGES[input.intent] });
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, totals } = loaderData;
  const fetchers = useFetchers();
  const submissions = fetchers.filter((f) => f.key === COUPON_FETCHER_KEY || f.key.startsWith("cart-line:"));
  const view = cart ? optimisticCart(cart, submissions) : null;
  const noJsAnswer = actionData as CartActionData | undefined;
  // Field errors come from our validation or from the platform through failedAction: both keep the typed values.
  const answerLineId = noJsAnswer?.values?.lineId;
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

function CouponForm({ couponCode, actionData }: { couponCode?: string; actionData?: CartActionData }) {
  const fetcher = useFetcher<CartActionData>({ key: COUPON_FETCHER_KEY });
  // The fetcher keeps its last answer across a later successful apply or removal (answered by a
  // redirect): its error is shown only while the last thing sent from here was that coupon.
  const [lastIntent, setLastIntent] = useState<string | undefined>(undefined);
  const answer = lastIntent === undefined || lastIntent === "coupon" ? (fetcher.data ?? actionData) : undefined;
  const busy = fetcher.state !== "idle";
  if (couponCode) {
    return (
      <div className="cart-coupon">
        <p className="cart-coupon-applied">
          Code promo <strong>{couponCode}</strong> appliqué
        </p>
        <fetcher.Form method="post" action="/cart" preventScrollReset onSubmit={() => setLastIntent("remove-coupon")}>
          <input type="hidden" name="intent" value="remove-coupon" />
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
      action="/cart"
      preventScrollReset
      className="cart-coupon"
      noValidate
      onSubmit={() => setLastIntent("coupon")}
    >
      <input type="hidden" name="intent" value="coupon" />
      <Field
        label="Code promo"
        name="code"
        autoComplete="off"
        maxLength={64}
        defaultValue={answer?.values?.code ?? ""}
        error={fetcher.state === "idle" ? answer?.fieldErrors?.code : undefined}
      />
      <button type="submit" className="button-ghost" disabled={busy}>
        Appliquer
      </button>
    </fetcher.Form>
  );
}
