import { HoneypotInputs } from "remix-utils/honeypot/react";
import { checkHoneypot } from "~/.server/honeypot.server";
import { useState } from "react";
import { Form, redirectDocument, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/checkout";
import cartStyles from "~/styles/cart.css?url";
import { AddressFields } from "~/components/checkout/AddressFields";
import { BillingFieldset } from "~/components/checkout/BillingFieldset";
import { CheckoutConsents } from "~/components/checkout/CheckoutConsents";
import { CheckoutSummary } from "~/components/checkout/CheckoutSummary";
import { ContactFieldset } from "~/components/checkout/ContactFieldset";
import { ShippingOptions } from "~/components/checkout/ShippingOptions";
import { availabilityProblem } from "~/models/availability";
import { checkoutSchemaFor, type CheckoutValues } from "~/models/checkout-forms";
import { parseForm, refuseForm } from "~/.server/form.server";
import { useFormAnswer } from "~/hooks/use-form-answer";
import { privatePageMeta, routeMeta } from "~/lib/meta";
import { commerceOf, type Commerce } from "~/.server/commerce.server";
import type { Cart, CartTotals } from "~/models/cart";
import { checkoutDraft, rememberCheckout } from "~/.server/checkout-draft.server";
import { publicOrigin } from "~/.server/site.server";
import { redirectWithToast } from "~/.server/toast.server";
import { failedAction } from "~/.server/wix-errors.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: Route.MetaFunction = ({ matches, location }) => privatePageMeta(routeMeta({ matches, location }, { title: "Commande" }));

export const handle = { breadcrumb: () => ({ label: "Commande", to: "/checkout" }) };

const EMPTY_CART = "Votre panier est vide : ajoutez un article avant de commander.";
const BLOCKED_CART = "Certains articles ne sont plus disponibles : corrigez votre panier pour commander.";

type CartCheck = { kind: "empty" } | { kind: "blocked" } | { kind: "ready"; cart: Cart; base: CartTotals };

/** The cart may be checked out: it has lines and none is blocked (estimate with the default shipping option). */
async function checkCart(commerce: Commerce): Promise<CartCheck> {
  const cart = await commerce.cart.get();
  if (!cart || cart.lines.length === 0) return { kind: "empty" };
  const base = await commerce.cart.estimate();
  if (base.blockedLines.length > 0 || cart.lines.some((line) => availabilityProblem(line.availability) !== null)) {
    return { kind: "blocked" };
  }
  return { kind: "ready", cart, base };
}

/** A checkable cart, or a redirect to /cart saying why not (thrown: loaders and the action share it). */
async function readyCart(request: Request, commerce: Commerce) {
  const check = await checkCart(commerce);
  if (check.kind === "empty") throw await redirectWithToast(request, "/cart", { type: "message", title: EMPTY_CART });
  if (check.kind === "blocked") throw await redirectWithToast(request, "/cart", { type: "error", title: BLOCKED_CART });
  return check;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const commerce = commerceOf(context);
  const { cart, base } = await readyCart(request, commerce);
  const defaultShipping = base.selectedShipping ?? "";
  // Totals for every shipping option (there are only a few), so the summary follows the choice at once with JS.
  const others = await Promise.all(
    base.shippingOptions
      .filter((option) => option.code !== defaultShipping)
      .map(async (option) => [option.code, await commerce.cart.estimate({ shippingOptionCode: option.code })] as const),
  );
  return {
    cart,
    totals: Object.fromEntries([[defaultShipping, base], ...others]) as Record<string, CartTotals>,
    defaultShipping,
    // What was typed in an unfinished checkout (after "Annuler" on the payment page) wins over the member's details.
    prefill: { ...(await commerce.checkout.prefill()), ...(await checkoutDraft(commerce, request)) },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const commerce = commerceOf(context);
  const formData = await request.formData();
  await checkHoneypot(formData);
  const { cart, base } = await readyCart(request, commerce);
  // What the options are (a pickup needs no delivery address) and whether lines are digital come from the platform.
  const schema = checkoutSchemaFor({
    shippingOptions: base.shippingOptions,
    defaultShipping: base.selectedShipping,
    digital: cart.lines.some((line) => line.digital),
  });
  const form = parseForm(schema, formData);
  if (!form.ok) return refuseForm(form);
  let started: { paymentUrl: string; checkoutId: string };
  try {
    started = await commerce.checkout.start(
      // Nothing to ship (no shipping option: every line is digital): the address typed is the billing one only, so
      // the order never shows a delivery address the buyer did not give (issue 29.4).
      { ...form.data, shipping: base.shippingOptions.length === 0 ? null : form.data.shipping },
      publicOrigin(),
    );
  } catch (error) {
    return failedAction(request, error, {
      redirectTo: "/checkout",
      fieldMap: {
        email: "email",
        addressLine: "addressLine",
        addressLine1: "addressLine",
        postalCode: "postalCode",
        city: "city",
        country: "country",
      },
      values: form.values,
    });
  }
  // The payment page is not one of our routes: the browser must load it as a document.
  return redirectDocument(started.paymentUrl, {
    status: 303,
    headers: { "Set-Cookie": await rememberCheckout(request, started.checkoutId) },
  });
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, totals, defaultShipping, prefill } = loaderData;
  const { answer, errors } = useFormAnswer(actionData);
  const values: CheckoutValues = answer?.values ?? prefill;
  const options = (totals[defaultShipping] ?? Object.values(totals)[0]!).shippingOptions;
  // No shipping option at all: every line is digital.
  const digitalOnly = options.length === 0;
  const initialShipping = values.shippingCode && totals[values.shippingCode] ? values.shippingCode : defaultShipping;
  const [shipping, setShipping] = useState(initialShipping);
  const [sameBilling, setSameBilling] = useState(
    answer?.values ? !!answer.values.sameBilling : prefill.sameBilling !== undefined ? prefill.sameBilling === "on" : true,
  );
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const errorCount = Object.keys(errors).length;
  // With scripts the page follows the choice: a pickup, like a cart with nothing to ship, has one address, the
  // billing one. Without, the server decides from the submitted choice (the hint says how).
  const billingOnly = digitalOnly || (hydrated && !!options.find((option) => option.code === shipping)?.pickup);
  const pickupHint = !hydrated && options.some((option) => option.pickup);
  return (
    <section className="checkout-page" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Commande</h1>
      <div className="checkout-layout">
        <Form method="post" className="checkout-form" noValidate aria-describedby={errorCount ? "checkout-errors" : undefined}>
          <HoneypotInputs label="Ne pas remplir ce champ" />
          {errorCount ? (
            <p className="form-error" id="checkout-errors" role="alert">
              {errorCount > 1 ? `${errorCount} champs sont à corriger.` : "Un champ est à corriger."}
            </p>
          ) : null}
          <ContactFieldset values={values} errors={errors} />
          <fieldset>
            <legend>{billingOnly ? "Adresse de facturation" : "Adresse de livraison"}</legend>
            {pickupHint ? (
              <p className="hint">
                Retrait sur place : pas d'adresse de livraison. Ces champs servent alors d'adresse de facturation, ou laissez-les vides et
                décochez « Adresse de facturation identique » plus bas.
              </p>
            ) : null}
            <AddressFields values={values} errors={errors} required />
          </fieldset>
          {options.length > 0 ? (
            <ShippingOptions options={options} selected={shipping} onSelect={setShipping} error={errors.shippingCode} />
          ) : null}
          {billingOnly ? (
            <input type="hidden" name="sameBilling" value="on" />
          ) : (
            <BillingFieldset
              values={values}
              errors={errors}
              hydrated={hydrated}
              sameBilling={sameBilling}
              onSameBillingChange={setSameBilling}
            />
          )}
          <CheckoutConsents values={values} errors={errors} digital={cart.lines.some((line) => line.digital)} />
          <button type="submit" className="button checkout-submit" disabled={submitting}>
            Continuer vers le paiement
          </button>
          <p className="hint">
            {digitalOnly
              ? "Vous paierez par carte sur la page suivante."
              : "Vous choisirez le paiement (carte ou à la livraison) sur la page suivante."}
          </p>
        </Form>
        <CheckoutSummary cart={cart} totals={totals[shipping] ?? totals[defaultShipping]!} />
      </div>
    </section>
  );
}
