import { z } from "zod";
import { CartIntent } from "./cart-intents";
import type { OptionFieldKey } from "./catalog";
import { cleanText, idField, quantityField } from "./fields";
import type { FieldsOf, FormAnswer } from "./form-answer";
import { MAX_QUANTITY } from "./quantity";

/**
 * Form contracts of the cart: what each intent posted to `/cart` carries (app/models/cart-intents.ts names them).
 * Isomorphic, but with zod: browser code reads the zod-free rules (quantity, availability) from their own modules.
 */

/** Line ids come from our own page; anything else is tampering or a stale page. */
const lineIdField = idField("Article inconnu.");

const COUPON_MAX = 64;

const couponField = z
  .string({ error: "Saisissez un code promo." })
  .transform((v) => cleanText(v))
  .pipe(z.string().min(1, "Saisissez un code promo.").max(COUPON_MAX, `Le code promo ne doit pas dépasser ${COUPON_MAX} caractères.`));

/** "Ajouter au panier": the options it carries are read by the catalog (they depend on the product). */
export const addToCartSchema = z.object({
  intent: z.literal(CartIntent.add, { error: "Action inconnue." }),
  productId: idField("Produit manquant."),
  quantity: quantityField(),
});

export const cartActionSchema = z.discriminatedUnion(
  "intent",
  [
    // 0 is allowed: a buyer who types 0 in the cart means "remove this line", and the action removes it.
    z.object({ intent: z.literal(CartIntent.update), lineId: lineIdField, quantity: quantityField(MAX_QUANTITY, 0) }),
    z.object({ intent: z.literal(CartIntent.remove), lineId: lineIdField }),
    z.object({ intent: z.literal(CartIntent.coupon), code: couponField }),
    z.object({ intent: z.literal(CartIntent.removeCoupon) }),
  ],
  { error: "Action inconnue." },
);

/** Every field of the forms that post to the one cart action: its refusals (`CartAnswer`) are typed by them. */
export type CartActionField = FieldsOf<typeof cartActionSchema> | FieldsOf<typeof addToCartSchema> | OptionFieldKey;

/** What the cart action answers a refused form (400), from any page. */
export type CartAnswer = FormAnswer<CartActionField>;

/** With scripts, a platform failure the cart route's clientAction told in a notification: no field to mark. */
export interface CartFailureNotified {
  failed: true;
}
