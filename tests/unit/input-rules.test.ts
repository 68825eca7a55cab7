import { describe, expect, it } from "vitest";
import { parseForm, type FormResult } from "~/.server/http/form.server";
import { memberAddressSchema } from "~/models/address";
import type { FieldErrors } from "~/models/form-answer";
import { addToCartSchema, cartActionSchema } from "~/models/cart-forms";
import { checkoutSchema, checkoutSchemaFor, SHIPPING_NOT_OFFERED, WAIVER_REQUIRED } from "~/models/checkout-forms";
import { emailField } from "~/models/fields";
import { quantityFromUrl } from "~/models/catalog";
import { checkoutForm, formData } from "../support/forms";

/** Each input rule is written once, so the same input gets the same French message on every form. */

const address = { addressLine: "12 rue des Lilas", postalCode: "69003", city: "Lyon", country: "FR" };

function errorsOf<F extends string>(result: FormResult<unknown, F>) {
  return result.ok ? ({} as FieldErrors<F>) : result.fieldErrors;
}

describe("one address rule", () => {
  for (const postalCode of ["<75001>", "7500", "ABCDE"]) {
    it(`"${postalCode}" gets the same message at checkout and in the member's address form`, () => {
      const member = errorsOf(parseForm(memberAddressSchema, formData({ ...address, postalCode })));
      const checkout = errorsOf(parseForm(checkoutSchema, formData({ ...checkoutForm, postalCode })));
      expect(member.postalCode).toBe("Code postal invalide pour France (exemple : 75001).");
      expect(checkout.postalCode).toBe(member.postalCode);
    });
  }

  it("reports every wrong address field at once", () => {
    const errors = errorsOf(parseForm(memberAddressSchema, formData({ ...address, addressLine: "", postalCode: "7500" })));
    expect(errors).toEqual({ addressLine: "Adresse est obligatoire.", postalCode: "Code postal invalide pour France (exemple : 75001)." });
  });

  it("the billing address follows the same rule under its own labels", () => {
    const { sameBilling: _unchecked, ...form } = checkoutForm;
    const billing = { billingAddressLine: "", billingPostalCode: "<75001>", billingCity: "Lyon", billingCountry: "FR" };
    const errors = errorsOf(parseForm(checkoutSchema, formData({ ...form, ...billing })));
    expect(errors.billingAddressLine).toBe("Adresse de facturation est obligatoire.");
    expect(errors.billingPostalCode).toBe("Code postal invalide pour France (exemple : 75001).");
  });
});

describe("one e-mail rule", () => {
  it("the contact form and the checkout word a wrong address alike", () => {
    const checkout = errorsOf(parseForm(checkoutSchema, formData({ ...checkoutForm, email: "lea@" })));
    expect(emailField.safeParse("lea@").error?.issues[0]?.message).toBe(checkout.email);
  });
});

describe("one id rule", () => {
  it("a line id and a product id outside the platform's shape are refused with their form's message", () => {
    const line = errorsOf(parseForm(cartActionSchema, formData({ intent: "remove", lineId: "../orders" })));
    const product = errorsOf(parseForm(addToCartSchema, formData({ intent: "add", productId: "../orders", quantity: "1" })));
    expect(line.lineId).toBe("Article inconnu.");
    expect(product.productId).toBe("Produit manquant.");
  });
});

describe("one quantity rule", () => {
  it("the URL's quantity and the add form accept the same numbers", () => {
    for (const typed of ["1", "05", " 7 ", "99"]) {
      const form = parseForm(addToCartSchema, formData({ intent: "add", productId: "p1", quantity: typed }));
      expect(form.ok && String(form.data.quantity)).toBe(quantityFromUrl(`?quantite=${encodeURIComponent(typed)}`));
    }
    for (const typed of ["0", "100", "1.5", "abc"]) {
      expect(parseForm(addToCartSchema, formData({ intent: "add", productId: "p1", quantity: typed })).ok).toBe(false);
      expect(quantityFromUrl(`?quantite=${typed}`)).toBeUndefined();
    }
  });
});

describe("the checkout's shipping code and waiver, decided by the schema from the platform's facts", () => {
  const facts = { shippingOptions: [{ code: "standard", pickup: false }], defaultShipping: "standard" };

  it("refuses a code the platform does not offer, beside the shipping choice", () => {
    const errors = errorsOf(parseForm(checkoutSchemaFor(facts), formData({ ...checkoutForm, shippingCode: "express" })));
    expect(errors.shippingCode).toBe(SHIPPING_NOT_OFFERED);
  });

  it("asks for the waiver only when the cart has digital lines, with the other errors at once", () => {
    const digital = errorsOf(parseForm(checkoutSchemaFor({ ...facts, digital: true }), formData({ ...checkoutForm, city: "" })));
    expect(digital).toMatchObject({ waiveWithdrawal: WAIVER_REQUIRED, city: "Ville est obligatoire." });
    expect(parseForm(checkoutSchemaFor(facts), formData(checkoutForm)).ok).toBe(true);
  });

  it("uses the platform's default option when the form sends none", () => {
    const form = parseForm(checkoutSchemaFor(facts), formData({ ...checkoutForm, shippingCode: "" }));
    expect(form.ok && form.data.shippingCode).toBe("standard");
  });
});
