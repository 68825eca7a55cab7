import { HoneypotInputs } from "remix-utils/honeypot/react";
import { checkHoneypot } from "~/.server/honeypot.server";
import { useState } from "react";
import { data, Form, Link, redirectDocument, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/checkout";
import cartStyles from "~/styles/cart.css?url";
import { ConsentBox, Field } from "~/components/Field";
import { CountrySelect } from "~/components/cart/CountrySelect";
import { CartTotalsSummary } from "~/components/cart/CartTotalsSummary";
import { availabilityProblem, checkoutSchema, DEFAULT_COUNTRY, WAIVER_REQUIRED, type CheckoutValues } from "~/models/cart-forms";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { routeMeta } from "~/lib/meta";
import { privatePageMeta } from "~/components/cart/meta";
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
  const form = parseForm(checkoutSchema, formData);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  const { cart, base } = await readyCart(request, commerce);
  // Digital content and services delivered at once: French law asks for the buyer's express request and waiver.
  if (cart.lines.some((line) => line.digital) && !form.data.waiveWithdrawal) {
    return data({ fieldErrors: { waiveWithdrawal: WAIVER_REQUIRED }, values: form.values }, { status: 400 });
  }
  const shippingCodes = base.shippingOptions.map((option) => option.code);
  if (form.data.shippingCode && !shippingCodes.includes(form.data.shippingCode)) {
    return data({ fieldErrors: { shippingCode: "Choisissez un mode de livraison de la liste." }, values: form.values }, { status: 400 });
  }
  let started: { paymentUrl: string; checkoutId: string };
  try {
    started = await commerce.checkout.start(
      { ...form.data, shippingCode: form.data.shippingCode ?? base.selectedShipping },
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
  const answer = actionData as { fieldErrors?: FieldErrors; values?: CheckoutValues } | undefined;
  const values: CheckoutValues = answer?.values ?? prefill;
  const errors = answer?.fieldErrors ?? {};
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
  const shown = totals[shipping] ?? totals[defaultShipping]!;
  const errorCount = Object.keys(errors).length;
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
          <fieldset>
            <legend>Coordonnées</legend>
            <Field
              label="E-mail"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={values.email}
              error={errors.email}
            />
            <div className="field-row">
              <Field
                label="Prénom"
                name="firstName"
                autoComplete="given-name"
                required
                defaultValue={values.firstName}
                error={errors.firstName}
              />
              <Field
                label="Nom"
                name="lastName"
                autoComplete="family-name"
                required
                defaultValue={values.lastName}
                error={errors.lastName}
              />
            </div>
          </fieldset>
          <fieldset>
            {/* Nothing to deliver (trainings, audits): the only address is the billing one. */}
            <legend>{digitalOnly ? "Adresse de facturation" : "Adresse de livraison"}</legend>
            <Field
              label="Adresse"
              name="addressLine"
              autoComplete="address-line1"
              required
              defaultValue={values.addressLine}
              error={errors.addressLine}
            />
            <div className="field-row">
              <Field
                label="Code postal"
                name="postalCode"
                autoComplete="postal-code"
                required
                defaultValue={values.postalCode}
                error={errors.postalCode}
              />
              <Field label="Ville" name="city" autoComplete="address-level2" required defaultValue={values.city} error={errors.city} />
            </div>
            <CountrySelect
              label="Pays"
              name="country"
              autoComplete="country"
              defaultValue={values.country ?? DEFAULT_COUNTRY}
              error={errors.country}
            />
          </fieldset>
          {options.length > 0 ? (
            <fieldset className="shipping-options" aria-describedby={errors.shippingCode ? "shipping-error" : undefined}>
              <legend>Mode de livraison</legend>
              {options.map((option) => (
                <label key={option.code} className="radio">
                  <input
                    type="radio"
                    name="shippingCode"
                    value={option.code}
                    checked={shipping === option.code}
                    onChange={() => setShipping(option.code)}
                  />
                  <span>
                    {option.title} — {Number(option.price.amount) > 0 ? option.price.formatted : "gratuit"}
                    {option.deliveryTime ? <span className="muted"> ({option.deliveryTime})</span> : null}
                  </span>
                </label>
              ))}
              {errors.shippingCode ? (
                <p className="field-error" id="shipping-error">
                  {errors.shippingCode}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          {digitalOnly ? (
            <input type="hidden" name="sameBilling" value="on" />
          ) : (
            <fieldset>
              <legend>Facturation</legend>
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="sameBilling"
                  value="on"
                  checked={sameBilling}
                  onChange={(event) => setSameBilling(event.currentTarget.checked)}
                />
                <span>Adresse de facturation identique</span>
              </label>
              {/* Without scripts the billing fields are always there; they are used only when the box is unchecked. */}
              {!hydrated || !sameBilling ? (
                <div className="billing-fields">
                  {!hydrated ? <p className="hint">Remplissez ces champs seulement si vous avez décoché la case ci-dessus.</p> : null}
                  <Field
                    label="Adresse de facturation"
                    name="billingAddressLine"
                    autoComplete="billing address-line1"
                    defaultValue={values.billingAddressLine}
                    error={errors.billingAddressLine}
                  />
                  <div className="field-row">
                    <Field
                      label="Code postal de facturation"
                      name="billingPostalCode"
                      autoComplete="billing postal-code"
                      defaultValue={values.billingPostalCode}
                      error={errors.billingPostalCode}
                    />
                    <Field
                      label="Ville de facturation"
                      name="billingCity"
                      autoComplete="billing address-level2"
                      defaultValue={values.billingCity}
                      error={errors.billingCity}
                    />
                  </div>
                  <CountrySelect
                    label="Pays de facturation"
                    name="billingCountry"
                    autoComplete="billing country"
                    defaultValue={values.billingCountry ?? DEFAULT_COUNTRY}
                    error={errors.billingCountry}
                  />
                </div>
              ) : null}
            </fieldset>
          )}
          <fieldset className="checkout-consents">
            <legend>Conditions</legend>
            <ConsentBox name="acceptTerms" error={errors.acceptTerms} defaultChecked={values.acceptTerms === "on"}>
              J'accepte les{" "}
              <Link to="/cgv" target="_blank" rel="noopener">
                conditions générales de vente
              </Link>{" "}
              (prix TTC).
            </ConsentBox>
            {cart.lines.some((line) => line.digital) ? (
              <ConsentBox name="waiveWithdrawal" error={errors.waiveWithdrawal} defaultChecked={values.waiveWithdrawal === "on"}>
                Je demande l'exécution immédiate des contenus numériques et prestations de ma commande et je renonce à mon droit de
                rétractation dès leur fourniture (article L221-28 du Code de la consommation).
              </ConsentBox>
            ) : null}
          </fieldset>
          <button type="submit" className="button checkout-submit" disabled={submitting}>
            Continuer vers le paiement
          </button>
          <p className="hint">Vous choisirez le paiement (carte ou à la livraison) sur la page suivante.</p>
        </Form>
        <aside className="checkout-summary" aria-labelledby="summary-title">
          <h2 id="summary-title">Récapitulatif</h2>
          <ul className="checkout-lines">
            {cart.lines.map((line) => (
              <li key={line.id}>
                <span className="checkout-line-name">
                  {line.name}
                  {line.options.length > 0 ? (
                    <span className="muted"> ({line.options.map((o) => `${o.name} : ${o.value}`).join(", ")})</span>
                  ) : null}
                  <span className="muted"> × {line.quantity}</span>
                </span>
                <span>{line.linePrice.formatted}</span>
              </li>
            ))}
          </ul>
          <CartTotalsSummary totals={shown} />
          <p>
            <Link to="/cart">Modifier le panier</Link>
          </p>
        </aside>
      </div>
    </section>
  );
}
