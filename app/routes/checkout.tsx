import { HoneypotInputs } from "remix-utils/honeypot/react";
import { checkHoneypot } from "~/.server/http/honeypot.server";
import { useState } from "react";
import { Form, useFetcher, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/checkout";
import { AddressFields } from "~/components/checkout/AddressFields";
import { BillingFieldset } from "~/components/checkout/BillingFieldset";
import { CheckoutConsents } from "~/components/checkout/CheckoutConsents";
import { CheckoutSummary } from "~/components/checkout/CheckoutSummary";
import { ContactFieldset } from "~/components/checkout/ContactFieldset";
import { ShippingOptions } from "~/components/checkout/ShippingOptions";
import { SavedAddressPicker } from "~/components/checkout/SavedAddressPicker";
import { availabilityProblem } from "~/models/availability";
import { checkoutSchemaFor, SHIPPING_NOT_OFFERED, type CheckoutValues } from "~/models/checkout-forms";
import { DEFAULT_COUNTRY } from "~/models/countries";
import { destinationChange, typedDestination } from "~/models/destination";
import { parseForm, refuseForm } from "~/.server/http/form.server";
import { useFormAnswer } from "~/hooks/use-form-answer";
import { privatePageMeta, routeMeta } from "~/lib/meta";
import { commerceOf, type Commerce } from "~/.server/wix/commerce.server";
import type { Cart, CartTotals } from "~/models/cart";
import { checkoutDraft } from "~/.server/checkout/draft.server";
import { sendCheckout } from "~/.server/checkout/send-checkout.server";
import { openDeliveryOffer, sealDeliveryOffer } from "~/.server/checkout/delivery-offer.server";
import { redirectWithToast } from "~/.server/http/toast.server";
import { failedAction } from "~/.server/wix/errors.server";
import { FormKey } from "~/components/FormKey";
import { routeCssLinks } from "~/lib/route-css";

export const links: Route.LinksFunction = routeCssLinks("cart");

export const meta: Route.MetaFunction = ({ matches, location }) => privatePageMeta(routeMeta({ matches, location }, { title: "Commande" }));

export const handle = { css: "cart", breadcrumb: () => ({ label: "Commande", to: "/checkout" }) };

const EMPTY_CART = "Votre panier est vide : ajoutez un article avant de commander.";
const BLOCKED_CART = "Certains articles ne sont plus disponibles : corrigez votre panier pour commander.";

type CartCheck = { kind: "empty" } | { kind: "blocked" } | { kind: "ready"; cart: Cart; base: CartTotals };

/** The cart may be checked out: it has lines and none is blocked (the platform's estimate says so too). */
async function checkCart(commerce: Commerce): Promise<CartCheck> {
  const cart = await commerce.cart.get();
  if (!cart || cart.lines.length === 0) return { kind: "empty" };
  const base = await commerce.cart.estimate();
  if (base.blockedLines.length > 0 || cart.lines.some((line) => availabilityProblem(line.availability) !== null)) {
    return { kind: "blocked" };
  }
  return { kind: "ready", cart, base };
}

/** A checkable cart with its delivery options, or a redirect to /cart saying why not (loaders and actions share it). */
async function readyCart(request: Request, commerce: Commerce) {
  const check = await checkCart(commerce);
  if (check.kind === "empty") throw await redirectWithToast(request, "/cart", { type: "message", title: EMPTY_CART });
  if (check.kind === "blocked") throw await redirectWithToast(request, "/cart", { type: "error", title: BLOCKED_CART });
  return { ...check, options: await commerce.cart.deliveryOptions(check.cart) };
}

/** The fetcher that sets the delivery method as soon as the buyer picks one (with scripts). */
const DELIVERY_FETCHER_KEY = "checkout-delivery";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const commerce = commerceOf(context);
  const asked = url.searchParams.get("adresse");
  // Independent reads at the same time: each is a round trip to Wix before the page can start. The draft is read in
  // the cart the page reads anyway.
  const [{ cart, base, options }, member, draft] = await Promise.all([
    readyCart(request, commerce),
    commerce.checkout.prefill(asked),
    checkoutDraft(commerce),
  ]);
  // The totals are the platform's for the cart's delivery method (its default one until the buyer picks one).
  const defaultShipping = base.selectedShipping ?? options[0]?.code ?? "";
  // The member's saved address in the fields: the one she picked on this page, else her default one (the first).
  const chosen = member.addresses.find((a) => a.id === asked) ?? member.addresses[0];
  const { addressLine, postalCode, city, country } = member.values;
  const picked = chosen && chosen.id === asked ? { addressLine, postalCode, city, country } : {};
  return {
    cart,
    options,
    totals: { ...base, shippingOptions: options },
    defaultShipping,
    // The form sends these options back sealed: its answer need not read them again (delivery-offer.server.ts).
    deliveryOffer: sealDeliveryOffer(cart, options),
    // What was typed in an unfinished checkout (after "Annuler" on the payment page) wins over the member's details.
    // An address picked from her saved ones wins over the unfinished checkout's.
    prefill: { ...member.values, ...draft, ...picked },
    savedAddresses: member.addresses,
    chosenAddress: chosen?.id,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const commerce = commerceOf(context);
  const formData = await request.formData();
  // Scripts on: the delivery method follows the radio at once (the summary then shows the platform's totals).
  if (formData.get("intent") === "delivery") {
    const { options } = await readyCart(request, commerce);
    const option = options.find((o) => o.code === String(formData.get("shippingCode") ?? ""));
    if (!option) return refuseForm({ values: {}, fieldErrors: { shippingCode: SHIPPING_NOT_OFFERED } });
    try {
      await commerce.cart.setDelivery(option.code, option.appId);
    } catch (error) {
      return failedAction(request, error, { redirectTo: "/checkout" });
    }
    return { delivery: option.code };
  }
  await checkHoneypot(formData);
  // The options the page showed, sealed in its form: the cart is not read again before it is written; if the cart the
  // platform answers is no longer that one (or the form is refused), everything is read again as below.
  const offer = openDeliveryOffer(formData.get("deliveryOffer"));
  // Another country than the one the options were read for: its own options and prices, below.
  const typed = offer ? typedDestination(formData, offer.options) : null;
  if (offer && (!typed || typed === offer.country)) {
    const form = parseForm(
      checkoutSchemaFor({
        shippingOptions: offer.options,
        defaultShipping: offer.shippingCode ?? offer.options[0]?.code,
        digital: offer.digital,
      }),
      formData,
    );
    const answer = form.ok ? await sendCheckout(request, commerce, form, offer.options, offer.key) : null;
    if (answer) return answer;
  }
  const { cart, options: current } = await readyCart(request, commerce);
  // Delivery and VAT follow the country typed: a price the page did not show is shown before the payment page, the
  // cart's destination set so that the page draws that country's options and totals.
  const wanted = typedDestination(formData, current);
  const options = wanted && wanted !== (cart.destination ?? DEFAULT_COUNTRY) ? await commerce.cart.deliveryOptions(cart, wanted) : current;
  const moved = wanted ? destinationChange(offer?.options ?? current, options, String(formData.get("shippingCode") ?? ""), wanted) : null;
  // What the options are (a pickup needs no delivery address) and whether lines are digital come from the platform.
  const schema = checkoutSchemaFor({
    shippingOptions: options,
    defaultShipping: cart.shippingCode ?? options[0]?.code,
    digital: cart.lines.some((line) => line.digital),
  });
  const form = parseForm(schema, formData);
  if (moved && wanted) {
    try {
      await commerce.cart.setDestination(wanted);
    } catch (error) {
      return failedAction(request, error, { redirectTo: "/checkout" });
    }
    const errors = form.ok ? {} : form.fieldErrors;
    return refuseForm({ values: form.values, fieldErrors: { ...errors, shippingCode: moved } }, { destinationChanged: true });
  }
  if (!form.ok) return refuseForm(form);
  return (await sendCheckout(request, commerce, form, options))!;
}

/** A refusal that moved the cart's destination: the page reads its new options and totals (a 400 would not). */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === "object" && "destinationChanged" in actionResult) return true;
  return defaultShouldRevalidate;
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, totals, options, defaultShipping, prefill, savedAddresses, chosenAddress } = loaderData;
  const { answer, errors } = useFormAnswer(actionData);
  const values: CheckoutValues = answer?.values ?? prefill;
  // No shipping option at all: every line is digital.
  const digitalOnly = options.length === 0;
  const initialShipping =
    values.shippingCode && options.some((o) => o.code === values.shippingCode) ? values.shippingCode : defaultShipping;
  const [shipping, setShipping] = useState(initialShipping);
  const delivery = useFetcher({ key: DELIVERY_FETCHER_KEY });
  const choose = (code: string) => {
    setShipping(code);
    delivery.submit({ intent: "delivery", shippingCode: code }, { method: "post" });
  };
  // The summary shows the platform's totals; while they are not yet those of the radio chosen, it says so.
  const summaryPending = delivery.state !== "idle" || (!digitalOnly && totals.selectedShipping !== shipping);
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
          <FormKey />
          <input type="hidden" name="deliveryOffer" value={loaderData.deliveryOffer} />
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
            {savedAddresses.length > 1 ? <SavedAddressPicker addresses={savedAddresses} current={chosenAddress} /> : null}
            {/* Keyed by the saved address picked: its fields start again from it. */}
            <AddressFields key={chosenAddress ?? "typed"} values={values} errors={errors} required />
          </fieldset>
          {options.length > 0 ? (
            <ShippingOptions options={options} selected={shipping} onSelect={hydrated ? choose : setShipping} error={errors.shippingCode} />
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
        <CheckoutSummary cart={cart} totals={totals} pending={hydrated && summaryPending} couponError={answer?.formError} />
      </div>
    </section>
  );
}
