/**
 * The rule of a quantity a user types, without zod: the browser runs it for the optimistic cart (header count, cart
 * lines) on every page, and zod would put ~27 KB gzip in the root chunk for it. `quantityField()` (models/fields.ts)
 * wraps this same function for the server's validation, so both sides always agree.
 */

/** The most of one item a cart line takes. */
export const MAX_QUANTITY = 99;

type QuantityReading = { ok: true; quantity: number } | { ok: false; message: string };

/**
 * A whole number from `min` (1, or 0 where 0 means "remove", as in the cart) to `max`, surrounding spaces allowed;
 * otherwise the French message for the field.
 */
export function readQuantity(raw: string, max = MAX_QUANTITY, min: 0 | 1 = 1): QuantityReading {
  const value = raw.trim();
  if (!/^\d+$/.test(value)) return { ok: false, message: "La quantité doit être un nombre entier." };
  // Past a few digits Number() loses precision: refused here with the message of too large a quantity.
  if (value.replace(/^0+(?=\d)/, "").length > 6) return { ok: false, message: `La quantité ne peut pas dépasser ${max}.` };
  const quantity = Number(value);
  if (quantity < min) return { ok: false, message: "La quantité doit être d'au moins 1." };
  if (quantity > max) return { ok: false, message: `La quantité ne peut pas dépasser ${max}.` };
  return { ok: true, quantity };
}

/** The quantity a user typed, when it is one the server will accept (else null: nothing optimistic). */
export function acceptedQuantity(raw: FormDataEntryValue | null | undefined, max = MAX_QUANTITY, min: 0 | 1 = 1): number | null {
  if (typeof raw !== "string") return null;
  const reading = readQuantity(raw, max, min);
  return reading.ok ? reading.quantity : null;
}
