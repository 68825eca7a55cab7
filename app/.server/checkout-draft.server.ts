import type { checkout as checkoutApi } from "@wix/ecom";
import { createCookie, type Cookie } from "react-router";
import type { CommerceSession } from "./commerce-session.server";
import { getConfig } from "./config.server";
import { readCookie, serializeCookie } from "./cookies.server";
import type { CheckoutValues } from "~/models/checkout-forms";
import { isPlatformId } from "~/models/ids";

/**
 * The buyer's last checkout, so that "Annuler" on the payment page, then
 * "Passer la commande" again, finds the form as they typed it (visitors too).
 * The cookie holds only the platform's checkout id, never personal data: the
 * details are read back from the platform's checkout, which only its owner
 * (this browser's visitor or member tokens) may read.
 */

let cookie: Cookie | undefined;
function draftCookie(): Cookie {
  cookie ??= createCookie("__checkout", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 24 * 60 * 60,
    secrets: getConfig().sessionSecrets,
  });
  return cookie;
}

/** Set-Cookie remembering the checkout just created. */
export function rememberCheckout(request: Request, checkoutId: string): Promise<string> {
  return serializeCookie(draftCookie(), checkoutId, request);
}

const str = (value: unknown) => (typeof value === "string" && value !== "" ? value.slice(0, 300) : undefined);

/** The form values of a platform checkout (SDK shape). Pure. */
export function valuesFromCheckout(checkout: checkoutApi.Checkout | null | undefined): CheckoutValues {
  if (!checkout || checkout.completed) return {};
  const destination = checkout.shippingInfo?.shippingDestination;
  const billing = checkout.billingInfo?.address;
  // A pickup has no destination: the form's one address was the billing address.
  const shipping = destination?.address ?? billing;
  const contact = destination?.contactDetails ?? checkout.billingInfo?.contactDetails;
  const line = (a: checkoutApi.Address | undefined) => str(a?.addressLine1);
  const same =
    !billing ||
    (line(billing) === line(shipping) &&
      billing.postalCode === shipping?.postalCode &&
      billing.city === shipping?.city &&
      billing.country === shipping?.country);
  const values: CheckoutValues = {
    email: str(checkout.buyerInfo?.email),
    firstName: str(contact?.firstName),
    lastName: str(contact?.lastName),
    phone: str(contact?.phone),
    company: str(contact?.company),
    vatNumber: str(contact?.vatId?._id),
    addressLine: line(shipping),
    postalCode: str(shipping?.postalCode),
    city: str(shipping?.city),
    country: str(shipping?.country),
    shippingCode: str(checkout.shippingInfo?.selectedCarrierServiceOption?.code),
    sameBilling: same ? "on" : "",
    ...(same
      ? {}
      : {
          billingAddressLine: line(billing),
          billingPostalCode: str(billing?.postalCode),
          billingCity: str(billing?.city),
          billingCountry: str(billing?.country),
        }),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string")) as CheckoutValues;
}

/**
 * What the buyer typed in their last, unfinished checkout; empty when there is
 * none, it was paid, or it cannot be read (a convenience: never an error).
 */
export async function checkoutDraft(commerce: CommerceSession, request: Request): Promise<CheckoutValues> {
  const id = await readCookie(draftCookie(), request);
  if (!isPlatformId(id)) return {};
  try {
    const wix = await commerce.client();
    return valuesFromCheckout(await wix.checkout.getCheckout(id));
  } catch {
    return {};
  }
}
