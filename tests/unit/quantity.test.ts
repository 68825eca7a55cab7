import { describe, expect, it } from "vitest";
import { acceptedQuantity, readQuantity } from "~/models/quantity";
import { quantityField } from "~/models/fields";
import { parseForm } from "~/.server/http/form.server";
import { cartActionSchema } from "~/models/cart-forms";
import { formData } from "../support/forms";

// The header count and the cart's optimistic lines run `acceptedQuantity` in the browser without zod; the server
// validates with `quantityField`, built on the same rule: a quantity the browser shows is one the server keeps.
const accepted: Array<[typed: string, quantity: number]> = [
  ["1", 1],
  [" 3 ", 3],
  ["99", 99],
  ["007", 7],
  ["0000000000042", 42],
];
const refused: Array<[typed: string, message: string]> = [
  ["100", "La quantité ne peut pas dépasser 99."],
  ["1234567", "La quantité ne peut pas dépasser 99."],
  ["9".repeat(30), "La quantité ne peut pas dépasser 99."],
  ["", "La quantité doit être un nombre entier."],
  ["1.5", "La quantité doit être un nombre entier."],
  ["-1", "La quantité doit être un nombre entier."],
  ["1e2", "La quantité doit être un nombre entier."],
  ["deux", "La quantité doit être un nombre entier."],
];
const update = (quantity: string) => parseForm(cartActionSchema, formData({ intent: "update", lineId: "l1", quantity }));

describe("quantity typed by a buyer", () => {
  it.each(accepted)("%j is %j for the browser and for the server", (typed, quantity) => {
    expect(readQuantity(typed)).toEqual({ ok: true, quantity });
    expect(acceptedQuantity(typed)).toBe(quantity);
    expect(update(typed)).toMatchObject({ ok: true, data: { quantity } });
  });

  it.each(refused)("%j is refused by both: %s", (typed, message) => {
    expect(readQuantity(typed)).toEqual({ ok: false, message });
    expect(acceptedQuantity(typed)).toBeNull();
    expect(update(typed)).toMatchObject({ ok: false, fieldErrors: { quantity: message } });
  });

  it("0 is refused for an add but means 'remove' in the cart", () => {
    expect(readQuantity("0")).toEqual({ ok: false, message: "La quantité doit être d'au moins 1." });
    expect(acceptedQuantity("0")).toBeNull();
    expect(quantityField().safeParse("0").success).toBe(false);
    expect(readQuantity("0", 99, 0)).toEqual({ ok: true, quantity: 0 });
    expect(acceptedQuantity("0", 99, 0)).toBe(0);
    expect(update("0")).toMatchObject({ ok: true, data: { quantity: 0 } });
  });

  it("follows the field's own maximum and asks for a missing quantity in French", () => {
    expect(readQuantity("6", 5)).toEqual({ ok: false, message: "La quantité ne peut pas dépasser 5." });
    expect(quantityField(5).safeParse("5")).toMatchObject({ success: true, data: 5 });
    expect(quantityField().safeParse(undefined).error?.issues[0]?.message).toBe("Indiquez une quantité.");
    expect(acceptedQuantity(null)).toBeNull();
  });
});
