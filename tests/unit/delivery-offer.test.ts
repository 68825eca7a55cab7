import { describe, expect, it } from "vitest";
import { sealValue } from "~/.server/account/cookie-crypto.server";
import { offerKey, openDeliveryOffer, sealDeliveryOffer } from "~/.server/checkout/delivery-offer.server";
import { getConfig } from "~/.server/site/config.server";
import type { Cart, ShippingChoice } from "~/models/cart";

/**
 * The checkout page's delivery options travel sealed in its form (docs/decisions/0081-*): the answer trusts them only
 * as this site sealed them, for the cart they were read for, within the hour.
 */
const cart: Cart = {
  id: "cart-1",
  lines: [
    {
      id: "line-1",
      productId: "p-1",
      name: "Livre",
      options: [],
      quantity: 2,
      unitPrice: { amount: "39.00", formatted: "39,00 €" },
      fullPrice: { amount: "39.00", formatted: "39,00 €" },
      linePrice: { amount: "78.00", formatted: "78,00 €" },
      availability: { status: "AVAILABLE" },
      digital: false,
    },
  ],
  itemCount: 2,
  currency: "EUR",
  shippingCode: "standard",
};
const options: ShippingChoice[] = [
  { code: "standard", title: "Standard", price: { amount: "4.90", formatted: "4,90 €" }, pickup: false },
  { code: "pickup", appId: "app-1", title: "Retrait", price: { amount: "0.00", formatted: "0,00 €" }, pickup: true },
];
const NOW = 1_800_000_000;

describe("the checkout's sealed delivery offer", () => {
  it("opens what it sealed: the options, the cart's method and what they were read for", () => {
    const token = sealDeliveryOffer(cart, options, NOW);
    expect(token).not.toContain("standard");
    expect(openDeliveryOffer(token, NOW + 60)).toEqual({
      key: offerKey(cart),
      country: "FR",
      options,
      shippingCode: "standard",
      digital: false,
    });
  });

  it("names the destination it was read for: the cart's country, France until it has one", () => {
    const japan = { ...cart, destination: "JP" };
    expect(openDeliveryOffer(sealDeliveryOffer(japan, options, NOW), NOW)?.country).toBe("JP");
    expect(offerKey(japan)).not.toBe(offerKey(cart));
    expect(offerKey(cart, "FR")).toBe(offerKey(cart));
  });

  it("is bound to the cart's lines: another quantity or another cart is another key", () => {
    expect(offerKey({ ...cart, lines: [{ ...cart.lines[0]!, quantity: 3 }] })).not.toBe(offerKey(cart));
    expect(offerKey({ ...cart, id: "cart-2" })).not.toBe(offerKey(cart));
    expect(offerKey({ ...cart, couponCode: "BIENVENUE10" })).toBe(offerKey(cart));
  });

  it("refuses an expired offer, a changed one, another sealed value of this site, and anything else", () => {
    const token = sealDeliveryOffer(cart, options, NOW);
    expect(openDeliveryOffer(token, NOW + 3601)).toBeNull();
    const changed = token.slice(0, 20) + (token[20] === "A" ? "B" : "A") + token.slice(21);
    expect(openDeliveryOffer(changed, NOW)).toBeNull();
    // A session cookie's value is sealed with the same secret, for another purpose.
    expect(openDeliveryOffer(sealValue({ e: NOW + 60, offer: { key: "k", options } }, getConfig().sessionSecrets), NOW)).toBeNull();
    for (const other of [null, "", "v1.abc", 42]) expect(openDeliveryOffer(other, NOW)).toBeNull();
  });
});
