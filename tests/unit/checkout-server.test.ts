import { afterEach, describe, expect, it, vi } from "vitest";
import { usePlatform, APP_ORIGIN, isWix } from "../support/platform";
import { Commerce } from "~/.server/wix/commerce.server";
import { getOrderView, hostedCheckoutUrl, startCheckout } from "~/.server/checkout/checkout.server";
import { checkoutDraft } from "~/.server/checkout/draft.server";
import { classifyWixError } from "~/.server/wix/errors.server";

/**
 * The checkout service against the embedded platform with the real SDK: what it writes into the Cart V2 (the
 * buyer, the addresses, the business buyer's invoice details, the delivery method) must reach the hosted payment
 * page and the order.
 */
const handle = usePlatform();

function visitor() {
  return new Commerce(new Request(`${APP_ORIGIN}/checkout`), null);
}

async function productId(commerce: Commerce, slug: string): Promise<string> {
  const wix = await commerce.client();
  const { items } = await wix.products.queryProducts().eq("slug", slug).find();
  return items[0]!._id!;
}

describe.skipIf(isWix)("startCheckout and the order view (embedded platform)", () => {
  it("carries the buyer's name and both addresses to the payment page and the order; the cart is gone afterwards", async () => {
    const buyer = visitor();
    await buyer.cart.add({ productId: await productId(buyer, "livre-typescript"), quantity: 2 });
    const started = await startCheckout(
      buyer,
      {
        email: "lea@exemple.fr",
        firstName: "Léa",
        lastName: "Dupont",
        company: "Dupont Conseil SARL",
        vatNumber: "BE0123456789",
        // A pickup: no delivery address (checkoutSchemaFor gives none), the billing address only.
        shipping: null,
        billing: { addressLine: "1 avenue Louise", postalCode: "1050", city: "Bruxelles", country: "BE" },
        sameBilling: false,
        shippingCode: "pickup",
        waiveWithdrawal: false,
      },
      APP_ORIGIN,
      { code: "pickup" },
    );
    expect(started).toHaveProperty("paymentUrl");
    const { paymentUrl: url, cartId } = started as { paymentUrl: string; cartId: string };
    expect(cartId).toBe((await (await buyer.client()).currentCartV2.getCurrentCart()).cart!._id);
    expect(url).toMatch(new RegExp(`^${APP_ORIGIN}/_platform/checkout\\?session=`));
    // "Annuler" then back to the checkout: the form is refilled from the cart, where the checkout's details are.
    expect(await checkoutDraft(buyer)).toEqual({
      email: "lea@exemple.fr",
      firstName: "Léa",
      lastName: "Dupont",
      company: "Dupont Conseil SARL",
      vatNumber: "BE0123456789",
      // The form's one address for a pickup is the billing address.
      addressLine: "1 avenue Louise",
      postalCode: "1050",
      city: "Bruxelles",
      country: "BE",
      shippingCode: "pickup",
      sameBilling: "on",
    });

    const page = await (await handle.platform.fetch(new Request(url))).text();
    expect(page).toContain("Léa Dupont");
    expect(page).toContain("1 avenue Louise, 1050 Bruxelles, BE");
    expect(page).toContain("<h3>Retrait sur place</h3>");
    expect(page).not.toContain("<h3>Livraison</h3>");
    expect(page).toContain("lea@exemple.fr");

    const session = new URL(url).searchParams.get("session")!;
    const paid = await handle.platform.fetch(
      new Request(`${APP_ORIGIN}/_platform/checkout`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: APP_ORIGIN },
        body: new URLSearchParams({ session, action: "offline" }),
        redirect: "manual",
      }),
    );
    const location = new URL(paid.headers.get("Location")!);
    expect(location.pathname).toBe("/checkout/complete");
    const orderId = location.searchParams.get("orderId")!;

    const order = await getOrderView(buyer, orderId);
    expect(order.number).toMatch(/^\d+$/);
    expect(order.paymentStatusLabel).toBe("Non payée");
    expect(order.email).toBe("lea@exemple.fr");
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ name: "TypeScript au quotidien", quantity: 2, url: "/products/livre-typescript" });
    expect(order.total.formatted).toMatch(/78,00\s€/);
    expect(order.pickup).toBe(true);
    expect(order.shippingAddress).toBeUndefined();
    // A business buyer's company and VAT number reach the order's billing details (Wix's contactDetails.company / vatId).
    expect(order.billingAddress).toEqual({
      name: "Léa Dupont",
      lines: ["Dupont Conseil SARL", "TVA intracommunautaire : BE0123456789", "1 avenue Louise", "1050 Bruxelles", "Belgique"],
    });

    // The placed cart is no longer the buyer's current one: on the next page (a request of its own, with the
    // buyer's session), the header count falls to 0.
    const cookie = (await buyer.pendingCookie())!.split(";")[0]!;
    const next = await Commerce.fromRequest(new Request(`${APP_ORIGIN}/cart`, { headers: { Cookie: cookie } }));
    expect(await next.cart.get()).toBeNull();

    // Someone else asking for that order gets "not found" (the thank-you page's 404).
    const error = await getOrderView(visitor(), orderId).then(
      () => null,
      (e: unknown) => e,
    );
    expect(classifyWixError(error)).toMatchObject({ kind: "application", code: "ORDER_NOT_FOUND" });
  });

  it("a once-per-customer coupon a guest may not use is refused when the checkout is sent, before the payment page", async () => {
    const guest = visitor();
    await guest.cart.add({ productId: await productId(guest, "livre-react"), quantity: 1 });
    await (await guest.client()).currentCartV2.addCouponToCurrentCart({ code: "BIENVENUE10" });
    const started = await startCheckout(
      guest,
      {
        email: "invite.coupon@exemple.fr",
        company: "",
        vatNumber: "",
        firstName: "Inès",
        lastName: "Invitée",
        shipping: { addressLine: "4 rue du Port", postalCode: "44000", city: "Nantes", country: "FR" },
        billing: { addressLine: "4 rue du Port", postalCode: "44000", city: "Nantes", country: "FR" },
        sameBilling: true,
        shippingCode: "standard",
        waiveWithdrawal: false,
      },
      APP_ORIGIN,
    );
    expect(started).toEqual({
      couponRefused: "Ce code promo vaut une fois par client connecté à son compte : il ne s'applique pas à cette commande.",
      cartId: expect.any(String),
    });
    // Nothing is lost: the cart keeps its coupon and the buyer's details, to remove it or log in.
    expect((await guest.cart.get())?.couponCode).toBe("BIENVENUE10");
    expect(await checkoutDraft(guest)).toMatchObject({ email: "invite.coupon@exemple.fr", city: "Nantes" });
  });

  describe("the hosted checkout when the redirect session is refused (decision 0042)", () => {
    afterEach(() => vi.restoreAllMocks());

    // What the SDK throws for a 400 with a field violation (Wix's validation error format), and for a 503.
    const refusal = Object.assign(new Error("INVALID_ARGUMENT"), {
      details: { validationError: { fieldViolations: [{ field: "ecomCheckout.checkoutId", description: "not a checkout id" }] } },
    });
    const outage = Object.assign(new Error("Service Unavailable"), { details: { applicationError: { code: 503, description: "" } } });

    async function cartOfOneBook() {
      const buyer = visitor();
      await buyer.cart.add({ productId: await productId(buyer, "livre-typescript"), quantity: 1 });
      const wix = await buyer.client();
      return { buyer, wix, cartId: (await wix.currentCartV2.getCurrentCart()).cart!._id! };
    }

    it("a refusal falls back to Cart V2's Get Checkout URL, whose page sells the same cart", async () => {
      const { wix, cartId } = await cartOfOneBook();
      const redirect = vi.spyOn(wix.redirects, "createRedirectSession").mockRejectedValueOnce(refusal);
      const checkoutUrl = vi.spyOn(wix.cartV2, "getCheckoutUrl");
      const url = await hostedCheckoutUrl(wix, cartId, APP_ORIGIN);
      expect(redirect).toHaveBeenCalledTimes(1);
      expect(checkoutUrl).toHaveBeenCalledWith(cartId);
      expect(url).toMatch(new RegExp(`^${APP_ORIGIN}/_platform/checkout\\?session=`));
      const page = await (await handle.platform.fetch(new Request(url))).text();
      expect(page).toContain("TypeScript au quotidien");
    });

    it("an outage is no refusal: it stays an error and no other route is tried", async () => {
      const { wix, cartId } = await cartOfOneBook();
      vi.spyOn(wix.redirects, "createRedirectSession").mockRejectedValueOnce(outage);
      const checkoutUrl = vi.spyOn(wix.cartV2, "getCheckoutUrl");
      await expect(hostedCheckoutUrl(wix, cartId, APP_ORIGIN)).rejects.toBe(outage);
      expect(checkoutUrl).not.toHaveBeenCalled();
    });

    it("a site whose Update Current Cart leaves the delivery method out gets it through Set Delivery Method", async () => {
      const { buyer, wix } = await cartOfOneBook();
      const update = wix.currentCartV2.updateCurrentCart.bind(wix.currentCartV2);
      // What a Wix that keeps `deliveryInfo.method` read-only would do: the rest written, the method not.
      vi.spyOn(wix.currentCartV2, "updateCurrentCart").mockImplementationOnce((cart) =>
        update({ ...cart, deliveryInfo: { address: cart.deliveryInfo?.address } }),
      );
      const setDelivery = vi.spyOn(wix.currentCartV2, "setDeliveryMethodForCurrentCart");
      const input = {
        email: "lea@exemple.fr",
        firstName: "Léa",
        lastName: "Dupont",
        company: "",
        vatNumber: "",
        shipping: null,
        billing: { addressLine: "5 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" },
        sameBilling: true,
        shippingCode: "pickup",
        waiveWithdrawal: false,
      };
      expect(await startCheckout(buyer, input, APP_ORIGIN, { code: "pickup" })).toHaveProperty("paymentUrl");
      expect(setDelivery).toHaveBeenCalledWith({ code: "pickup" });
      expect((await wix.currentCartV2.getCurrentCart()).cart?.deliveryInfo?.method?.code).toBe("pickup");
    });

    it("without a refusal the redirect session is used, so Wix's checkout comes back to the thank-you page", async () => {
      const { wix, cartId } = await cartOfOneBook();
      const checkoutUrl = vi.spyOn(wix.cartV2, "getCheckoutUrl");
      const url = await hostedCheckoutUrl(wix, cartId, APP_ORIGIN);
      expect(url).toMatch(new RegExp(`^${APP_ORIGIN}/_platform/checkout\\?session=`));
      expect(checkoutUrl).not.toHaveBeenCalled();
    });
  });
});
