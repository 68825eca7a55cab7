import { redirectDocument } from "react-router";
import { parseForm, refuseForm } from "../http/form.server";
import { publicOrigin } from "../site/public-origin.server";
import { failedAction } from "../wix/errors.server";
import type { Commerce } from "../wix/commerce.server";
import type { ShippingChoice } from "~/models/cart";
import type { checkoutSchemaFor } from "~/models/checkout-forms";

export type CheckoutForm = Extract<ReturnType<typeof parseForm<ReturnType<typeof checkoutSchemaFor>>>, { ok: true }>;

/**
 * "Continuer vers le paiement", once the form is valid: its details written into the cart, then the browser sent to
 * the payment page (a 303 to a document that is not one of our routes), or the form answered with what refused it.
 * Null: not the cart the delivery offer `offered` was for (the caller reads it again).
 */
export async function sendCheckout(request: Request, commerce: Commerce, form: CheckoutForm, options: ShippingChoice[], offered?: string) {
  const delivery = options.find((option) => option.code === form.data.shippingCode);
  let started: Awaited<ReturnType<typeof commerce.checkout.start>>;
  try {
    started = await commerce.checkout.start(
      // Nothing to ship (no delivery option: every line is digital): the address typed is the billing one only, so
      // the order never shows a delivery address the buyer did not give.
      { ...form.data, shipping: options.length === 0 ? null : form.data.shipping },
      publicOrigin(),
      delivery ? { code: delivery.code, ...(delivery.appId ? { appId: delivery.appId } : {}) } : undefined,
      offered,
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
  if ("stale" in started) return null;
  // A coupon this buyer may not use: said beside the coupon in the summary, everything typed kept.
  if ("couponRefused" in started) return refuseForm({ values: form.values, fieldErrors: {}, formError: started.couponRefused });
  // The payment page is not one of our routes: the browser must load it as a document.
  return redirectDocument(started.paymentUrl, { status: 303 });
}
