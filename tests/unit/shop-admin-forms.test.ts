import { describe, expect, it } from "vitest";
import { parseForm } from "~/.server/http/form.server";
import { parisDayMs } from "~/.server/admin/shop-coupons.server";
import { couponForm, productForm, stockForm } from "~/models/shop-admin";

/** The owner's shop forms (app/models/shop-admin.ts): French errors beside each field, typed values kept. */

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe("the product form", () => {
  it("reads a French price and a higher price before; a price before not above the price is refused beside it", () => {
    const ok = parseForm(productForm, form({ price: "29,90", compareAt: "36", ribbon: " Promo ", visible: "on" }));
    expect(ok.ok && ok.data).toEqual({ price: 29.9, compareAt: 36, ribbon: "Promo", visible: true, revision: "" });
    const bad = parseForm(productForm, form({ price: "abc", compareAt: "", ribbon: "x".repeat(31) }));
    expect(!bad.ok && bad.fieldErrors).toEqual({
      price: "Prix en euros, par exemple 39,90.",
      ribbon: "Le ruban tient en 30 caractères au plus.",
    });
    const lower = parseForm(productForm, form({ price: "30", compareAt: "30" }));
    expect(!lower.ok && lower.fieldErrors).toEqual({ compareAt: "Le prix barré doit être plus élevé que le prix." });
  });

  it("a ribbon, shown to every visitor, loses control characters and refuses an invisible reversal, the value kept", () => {
    const cleaned = parseForm(productForm, form({ price: "30", ribbon: "Nou\u0007veau\n" }));
    expect(cleaned.ok && cleaned.data.ribbon).toBe("Nouveau");
    for (const ribbon of ["\u202Euaevuon", "Pro\u200Bmo", "Pro\u2028mo"]) {
      const bad = parseForm(productForm, form({ price: "30", ribbon }));
      expect(!bad.ok && bad.fieldErrors, ribbon).toEqual({
        ribbon: "Le ruban contient un caractère invisible d'inversion du texte : retirez-le.",
      });
      expect(bad.values.ribbon).toBe(ribbon);
    }
  });
});

describe("the stock forms", () => {
  it("a level may be 0, an arrival is at least 1; neither takes a negative or a decimal", () => {
    expect(parseForm(stockForm, form({ intent: "stock-set", variantId: "v", quantity: "0" })).ok).toBe(true);
    const arrival = parseForm(stockForm, form({ intent: "stock-add", variantId: "v", arrival: "0" }));
    expect(!arrival.ok && arrival.fieldErrors).toEqual({ arrival: "Arrivage : un nombre entier de 1 à 99 999." });
    const negative = parseForm(stockForm, form({ intent: "stock-set", variantId: "v", quantity: "-2" }));
    expect(!negative.ok && negative.fieldErrors).toEqual({ quantity: "Stock : un nombre entier de 0 à 99 999." });
  });
});

describe("the coupon form", () => {
  const valid = { name: "Printemps", code: "printemps-15", kind: "percent", value: "15", start: "2026-03-01" };

  it("a valid coupon: the code upper-cased, the limits optional", () => {
    const ok = parseForm(couponForm, form({ ...valid, oncePerCustomer: "on", usageLimit: "100" }));
    expect(ok.ok && ok.data).toEqual({ ...valid, code: "PRINTEMPS-15", value: 15, usageLimit: 100, oncePerCustomer: true });
  });

  it("a rate over 100 %, an end before the start and a code with spaces are each said beside their field", () => {
    const bad = parseForm(couponForm, form({ ...valid, value: "150", end: "2026-02-01", code: "a b" }));
    expect(!bad.ok && bad.fieldErrors).toEqual({
      code: "Code : 3 à 20 lettres, chiffres, tirets ou soulignés.",
      value: "Valeur de la remise : plus de 0, et 100 % au plus.",
      end: "La date de fin vient après la date de début.",
    });
    expect(bad.values.code).toBe("a b");
  });

  it("a coupon's name, shown to buyers, refuses an invisible reversal beside it", () => {
    const bad = parseForm(couponForm, form({ ...valid, name: "\u202E%51- sèrpa" }));
    expect(!bad.ok && bad.fieldErrors).toEqual({
      name: "Le nom du code promo contient un caractère invisible d'inversion du texte : retirez-le.",
    });
  });

  it("a day that is not in the calendar is refused beside its field, never moved to another", () => {
    // Date.UTC rolls 2026-02-31 to 3 March and 2026-13-45 to 14 February 2027, and reads the years 0 to 99 as 1900 to 1999.
    for (const day of ["2026-02-31", "2026-13-45", "2026-00-10", "0000-01-01", "0099-06-01"]) {
      const bad = parseForm(couponForm, form({ ...valid, start: day, end: day }));
      expect(!bad.ok && bad.fieldErrors, day).toEqual({
        start: "Date de début : choisissez un jour.",
        end: "Date de fin : choisissez un jour, ou laissez vide.",
      });
    }
    const leap = parseForm(couponForm, form({ ...valid, start: "2028-02-29", end: "2028-02-29" }));
    expect(leap.ok && leap.data.start).toBe("2028-02-29");
  });

  it("a coupon's days are Paris days: from midnight to the last millisecond, summer time included", () => {
    expect(new Date(parisDayMs("2026-01-15")).toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(new Date(parisDayMs("2026-07-15")).toISOString()).toBe("2026-07-14T22:00:00.000Z");
    expect(new Date(parisDayMs("2026-07-15", true)).toISOString()).toBe("2026-07-15T21:59:59.999Z");
  });
});
