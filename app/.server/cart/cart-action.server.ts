import type { Commerce } from "../wix/commerce.server";
import { safeRedirectPath } from "../http/redirect-target.server";
import { redirectWithToast } from "../http/toast.server";
import { classifyWixError, COUPON_REFUSALS, failedAction } from "../wix/errors.server";
import { parseForm, refuseForm } from "../http/form.server";
import { addStockProblem, stockProblem } from "~/models/availability";
import { CartIntent } from "~/models/cart-intents";
import { addToCartSchema, cartActionSchema, type CartActionField } from "~/models/cart-forms";
import type { FieldErrors, FormValues } from "~/models/form-answer";

/**
 * The one cart action (docs/decisions/0014-cart-handler-and-one-cart-action.md): every form that changes the cart
 * posts its `intent` (add, update, remove, coupon, remove-coupon) to `/cart` — with scripts through a fetcher, which
 * the header count follows — and names the page to come back to in `redirectTo` (checked by `safeRedirectPath`,
 * `/cart` by default). Success is a 303 there with a notification; a refusal is a 400 with the field errors and the
 * typed values. The product page's plain form posts to its own address, whose action checks the product is that
 * page's and hands the form here, so a refused add comes back beside the product's fields.
 */

const GONE_LINE = "Cet article n'est plus dans votre panier.";

/** Every refusal of an entered coupon code is told beside the code field. */
const COUPON_ERROR_FIELDS = Object.fromEntries(Object.keys(COUPON_REFUSALS).map((code) => [code, "code" as const]));

/** Cart V2 refuses more than the stock left, counting what the cart holds: told beside the quantity. */
const STOCK_ERROR_FIELDS = { INSUFFICIENT_INVENTORY: "quantity" } as const;

const SUCCESS_MESSAGES: Record<Exclude<CartIntent, "add">, string> = {
  update: "Quantité mise à jour",
  remove: "Article retiré",
  coupon: "Code promo appliqué",
  "remove-coupon": "Code promo retiré",
};

/** `fallback`: where to come back without a `redirectTo` (the page whose form posted; `/cart` for the cart's own forms). */
export async function cartAction(request: Request, commerce: Commerce, formData: FormData, fallback = "/cart") {
  const redirectTo = safeRedirectPath(formData.get("redirectTo"), fallback);
  if (formData.get("intent") === CartIntent.add) return addAction(request, commerce, formData, redirectTo);
  const form = parseForm(cartActionSchema, formData);
  if (!form.ok) {
    if (form.fieldErrors.intent) return redirectWithToast(request, redirectTo, { type: "error", title: "Action inconnue." });
    if (form.fieldErrors.lineId) return redirectWithToast(request, redirectTo, { type: "error", title: GONE_LINE });
    return refused(form.values, undefined, form.fieldErrors);
  }
  const input = form.data;
  try {
    if (input.intent === "update" || input.intent === "remove") {
      // Only lines of the caller's own cart: a stale page or a forged id gets a clear message, not a platform error.
      const line = (await commerce.cart.get())?.lines.find((l) => l.id === input.lineId);
      if (!line) return redirectWithToast(request, redirectTo, { type: "error", title: GONE_LINE });
      // More than the stock left is refused here, beside the field, rather than accepted then blocking the order.
      const problem = input.intent === "update" ? stockProblem(line.availability, input.quantity) : null;
      if (problem) return refused(form.values, undefined, { quantity: problem });
      // Quantity 0 means "remove this line" (tests/unit/quantity.test.ts).
      if (input.intent === "update" && input.quantity > 0) await commerce.cart.updateLine(input.lineId, input.quantity);
      else {
        await commerce.cart.removeLine(input.lineId);
        return redirectWithToast(request, redirectTo, { type: "success", title: SUCCESS_MESSAGES.remove });
      }
    } else if (input.intent === "coupon") {
      await commerce.cart.applyCoupon(input.code);
    } else {
      await commerce.cart.removeCoupon();
    }
  } catch (error) {
    return failedAction<CartActionField>(request, error, {
      redirectTo,
      fieldMap: { quantity: "quantity", couponCode: "code" },
      // A refused coupon is told beside its field, the typed code kept.
      codeFields: input.intent === "coupon" ? COUPON_ERROR_FIELDS : input.intent === "update" ? STOCK_ERROR_FIELDS : {},
      values: form.values,
    });
  }
  return redirectWithToast(request, redirectTo, { type: "success", title: SUCCESS_MESSAGES[input.intent] });
}

/** Refused before any call: the message beside the field it belongs to (the quantity, an option) or above the form. */
function refused(values: FormValues<CartActionField>, formError?: string, fieldErrors: FieldErrors<CartActionField> = {}) {
  return refuseForm<CartActionField>({ values, fieldErrors, ...(formError ? { formError } : {}) });
}

/**
 * Add: the variant comes from the options this form sent, not from the page it was shown on. Back to `redirectTo`
 * showing what was added (its options), any other query parameter kept.
 */
async function addAction(request: Request, commerce: Commerce, formData: FormData, redirectTo: string) {
  const submitted = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = parseForm(addToCartSchema, formData);
  if (!parsed.ok) {
    const { quantity, ...others } = parsed.fieldErrors;
    return refused(parsed.values, Object.values(others)[0], quantity ? { quantity } : {});
  }
  // Every platform failure on the way (a read or the add itself: an outage, Wix throttling the site) comes back as a
  // notification on the page, what was typed kept; the cart is left as it was.
  const failed = (error: unknown, to: string) =>
    failedAction<CartActionField>(request, error, {
      redirectTo: to,
      fieldMap: { quantity: "quantity" },
      codeFields: STOCK_ERROR_FIELDS,
      values: parsed.values,
    });
  let product: Awaited<ReturnType<Commerce["catalog"]["productById"]>>;
  try {
    product = await commerce.catalog.productById(parsed.data.productId);
  } catch (error) {
    return failed(error, redirectTo);
  }
  if (!product?.id) return refused(parsed.values, "Ce produit n'existe plus.");
  const check = commerce.catalog.checkAdd(product, submitted);
  if (!check.ok)
    return refused(parsed.values, check.field ? undefined : check.message, check.field ? { [check.field]: check.message } : {});
  const back = new URL(redirectTo, "http://site.invalid");
  for (const option of product.options) back.searchParams.delete(option.name);
  back.searchParams.delete("quantite");
  for (const [name, value] of Object.entries(check.chosen)) back.searchParams.set(name, value);
  const backUrl = back.pathname + back.search;
  // More than the stock left is refused beside the quantity, with what the cart already holds of it. Cart V2 refuses
  // it itself (counting the cart's lines), so the cart is read only then, for those figures, or when the catalog's
  // count (up to 30 s old) already says no: an add that goes through costs one call. The line's own availability,
  // read fresh with the cart, wins over the catalog's count.
  const stockAnswer = async () => {
    const cart = await commerce.cart.get();
    const inCart = cart?.lines.filter(
      (line) => line.productId === product.id && (!check.variantId || !line.variantId || line.variantId === check.variantId),
    );
    const held = (inCart ?? []).reduce((sum, line) => sum + line.quantity, 0);
    const left = inCart?.find((line) => line.availability.quantityAvailable !== undefined)?.availability.quantityAvailable ?? check.left;
    const tooMany = addStockProblem(left, held, parsed.data.quantity);
    return tooMany ? refused(parsed.values, undefined, { quantity: tooMany }) : null;
  };
  try {
    if (check.left !== undefined && parsed.data.quantity > check.left) {
      const answer = await stockAnswer();
      if (answer) return answer;
    }
    await commerce.cart.add({ productId: product.id, quantity: parsed.data.quantity, variantId: check.variantId });
  } catch (error) {
    const failure = classifyWixError(error);
    if (failure.kind === "application" && failure.code === "INSUFFICIENT_INVENTORY") {
      const answer = await stockAnswer().catch(() => null);
      if (answer) return answer;
    }
    return failed(error, backUrl);
  }
  return redirectWithToast(request, backUrl, { type: "success", title: "Ajouté au panier" });
}
