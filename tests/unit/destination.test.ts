import { describe, expect, it } from "vitest";
import type { ShippingChoice } from "~/models/cart";
import { destinationChange, typedDestination } from "~/models/destination";

const option = (code: string, amount: string, extra: Partial<ShippingChoice> = {}): ShippingChoice => ({
  code,
  title: code,
  price: { amount, formatted: `${amount.replace(".", ",")} €` },
  pickup: false,
  ...extra,
});
const FRANCE = [option("standard", "4.90", { deliveryTime: "3 à 5 jours ouvrés" }), option("pickup", "0.00", { pickup: true })];
const WORLD = [option("standard", "19.90", { deliveryTime: "7 à 15 jours ouvrés" }), option("pickup", "0.00", { pickup: true })];
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("the checkout's destination", () => {
  it("is the delivery address's country, unless the goods are picked up or the country is not one the form offers", () => {
    expect(typedDestination(form({ shippingCode: "standard", country: "JP" }), FRANCE)).toBe("JP");
    expect(typedDestination(form({ shippingCode: "pickup", country: "JP" }), FRANCE)).toBeNull();
    expect(typedDestination(form({ shippingCode: "standard", country: "XX" }), FRANCE)).toBeNull();
    expect(typedDestination(form({ country: "BE" }), [])).toBeNull();
  });

  it("says the new price before the payment page, or that the option is not offered there; nothing when it is the same", () => {
    expect(destinationChange(FRANCE, WORLD, "standard", "JP")).toBe(
      "Vers Japon, la livraison coûte 19,90 € (7 à 15 jours ouvrés) : vérifiez le total, puis validez à nouveau.",
    );
    expect(destinationChange(FRANCE, [WORLD[0]!], "pickup", "JP")).toBe(
      "Ce mode de livraison n'est pas proposé vers Japon : choisissez-en un autre.",
    );
    expect(destinationChange(FRANCE, FRANCE, "standard", "MC")).toBeNull();
  });
});
