import type { currentCartV2 } from "@wix/ecom";
import type { Commerce } from "../wix/commerce.server";
import type { CheckoutValues } from "~/models/checkout-forms";

/**
 * The buyer's last, unfinished checkout, so that "Annuler" on the payment page, then "Passer la commande" again,
 * finds the form as they typed it (visitors too). Cart V2 keeps the checkout's details in the cart itself (buyer,
 * delivery address, billing side, delivery method): they are read back from the buyer's own current cart.
 */

const str = (value: unknown) => (typeof value === "string" && value !== "" ? value.slice(0, 300) : undefined);

/** The form values a Cart V2 holds (SDK shape). Pure. */
export function valuesFromCart(cart: currentCartV2.Cart | null | undefined): CheckoutValues {
  if (!cart || cart.orderPlaced) return {};
  const customer = cart.customerInfo;
  const billing = cart.paymentInfo?.billingAddress;
  const delivery = cart.deliveryInfo?.address;
  // A pickup has no delivery address: the form's one address was the billing address.
  const shipping = delivery ?? billing;
  const contact = cart.paymentInfo?.billingContact ?? customer;
  const line = (a: currentCartV2.Address | undefined) => str(a?.addressLine1);
  const same =
    !billing ||
    !delivery ||
    (line(billing) === line(delivery) &&
      billing.postalCode === delivery?.postalCode &&
      billing.city === delivery?.city &&
      billing.country === delivery?.country);
  const values: CheckoutValues = {
    email: str(customer?.email),
    firstName: str(customer?.firstName),
    lastName: str(customer?.lastName),
    phone: str(contact?.phone ?? customer?.phone),
    company: str(contact?.company),
    vatNumber: str(contact?.vatId?._id),
    addressLine: line(shipping),
    postalCode: str(shipping?.postalCode),
    city: str(shipping?.city),
    country: str(shipping?.country),
    shippingCode: str(cart.deliveryInfo?.method?.code),
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
 * What the buyer typed in their last checkout, from the request's one cart read (the checkout page's own: no call of
 * its own); empty when there is none or it cannot be read (never an error).
 */
export async function checkoutDraft(commerce: Commerce): Promise<CheckoutValues> {
  try {
    return valuesFromCart(await commerce.cart.raw());
  } catch {
    return {};
  }
}
