import { describe, expect, it } from "vitest";
import { checkoutSchema } from "~/models/checkout-forms";
import { normalizeVatNumber, VAT_NUMBER_INVALID } from "~/models/business-buyer";
import { parseForm } from "~/.server/http/form.server";
import { checkoutBuyer, formData } from "../support/forms";

const valid = checkoutBuyer;

describe("business buyers at checkout", () => {
  it("normalizes EU VAT numbers as typed (spaces, dots, lower case) and refuses other formats", () => {
    expect(normalizeVatNumber("fr 12 345.678-901")).toBe("FR12345678901");
    expect(normalizeVatNumber("DE123456789")).toBe("DE123456789");
    expect(normalizeVatNumber("BE0123456789")).toBe("BE0123456789");
    expect(normalizeVatNumber("FR1234")).toBeNull();
    expect(normalizeVatNumber("US123456789")).toBeNull();
    expect(normalizeVatNumber("12345678901")).toBeNull();
  });

  it("carries the company and the normalized VAT number; both stay optional", () => {
    const parsed = parseForm(checkoutSchema, formData({ ...valid, company: " Dupont SARL ", vatNumber: "fr 12 345678901" }));
    expect(parsed.ok && parsed.data).toMatchObject({ company: "Dupont SARL", vatNumber: "FR12345678901" });
    const plain = parseForm(checkoutSchema, formData(valid));
    expect(plain.ok && plain.data).toMatchObject({ company: "", vatNumber: "" });
  });

  it("a malformed VAT number is a field error in French and the typed value is kept", () => {
    const parsed = parseForm(checkoutSchema, formData({ ...valid, vatNumber: "FR-pas-un-numero" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors.vatNumber).toBe(VAT_NUMBER_INVALID);
    expect(parsed.values.vatNumber).toBe("FR-pas-un-numero");
  });
});
