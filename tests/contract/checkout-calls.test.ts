// What a purchase costs on Wix: every SDK call is a round trip over the internet, and Wix allows a site 200 requests a
// minute. The buying visit's requests (two adds, the cart, checkout's page and its answer), run through the app's own
// route modules the way React Router runs them (the commerce middleware, then the page's loader beside the header's
// count), their SDK calls counted in round trips (tests/support/round-trips.ts: calls sent before any was answered
// make one). Before: 13 calls, and checkout's answer 5 round trips one after the other (bench/README.md).
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, isWix, usePlatform } from "./harness";
import { CookieBrowser } from "../support/browser";
import { checkoutForm } from "../support/forms";
import { roundTrips } from "../support/round-trips";
import { runRoute, type RouteArgs } from "../support/route";
import { honeypotInputProps } from "~/.server/http/honeypot.server";
import { Commerce, commerceOf } from "~/.server/wix/commerce.server";
import * as cartRoute from "~/routes/cart";
import * as checkoutRoute from "~/routes/checkout";

usePlatform();

type CheckoutPage = Exclude<Awaited<ReturnType<typeof checkoutRoute.loader>>, Response>;

/** A buyer's browser on the store's cart and checkout routes. */
class Buyer extends CookieBrowser {
  /** "Ajouter au panier" (the one cart action, where the product page's form ends). */
  add(productId: string, page: string, options: Record<string, string> = {}, quantity = 1) {
    const form = { intent: "add", productId, quantity: String(quantity), redirectTo: page, ...options };
    return runRoute(this, this.request(`${APP_ORIGIN}/cart`, { form }), "/cart", cartRoute.action);
  }

  /** A page: its loader beside the root's header count, as one document request runs them. */
  async page<T>(path: string, loader: (args: RouteArgs) => Promise<T>): Promise<T> {
    const header = (args: RouteArgs) => commerceOf(args.context).cart.headerCount();
    const both = (args: RouteArgs) => Promise.all([header(args), loader(args)]).then(([, page]) => page);
    const result = await runRoute(this, this.request(APP_ORIGIN + path), path, both);
    if (result instanceof Response) throw new Error(`${path} answered ${result.status}`);
    return result;
  }

  /** "Continuer vers le paiement" with the page's fields (its sealed delivery offer among them). */
  async sendCheckout(page: CheckoutPage, fields: Record<string, string> = {}) {
    const honeypot = await honeypotInputProps();
    const form = {
      ...checkoutForm,
      deliveryOffer: page.deliveryOffer,
      [honeypot.nameFieldName]: "",
      ...(honeypot.validFromFieldName ? { [honeypot.validFromFieldName]: honeypot.encryptedValidFrom } : {}),
      ...fields,
    };
    return runRoute(this, this.request(`${APP_ORIGIN}/checkout`, { form }), "/checkout", checkoutRoute.action);
  }
}

/** The two products' ids, with the catalog cache warm for them (as on a running server: its reads are not the visit's). */
async function productIds() {
  const reader = new Commerce(new Request(APP_ORIGIN), null);
  // The product pages' own read (the page the add is pressed on).
  const id = async (slug: string) => (await reader.catalog.product(slug)).id;
  return { book: await id("livre-typescript"), mug: await id("mug-cafe-code") };
}

const isPaymentPage = (answer: unknown) =>
  answer instanceof Response && answer.status === 303 && /\/_platform\/checkout\?session=/.test(answer.headers.get("Location") ?? "");

const ESTIMATE = "POST /ecom/v2/carts/current/estimate";
const DELIVERY = "POST /_api/delivery-rates/v1/get-delivery-solutions";
const UPDATE = "PATCH /ecom/v2/carts/current";
const REDIRECT = "POST /_api/redirects-api/v1/redirect-session";

describe.skipIf(isWix)("a buying visit's calls to Wix", () => {
  it("adds two items, shows the cart, opens checkout and sends it in 8 calls; checkout's answer in 2 round trips", async () => {
    const { book, mug } = await productIds();
    const buyer = new Buyer();
    // The product pages come from the shared catalog cache: their calls are the cache's, not the visit's.
    const first = await roundTrips(() => buyer.add(book, "/products/livre-typescript"));
    const second = await roundTrips(() => buyer.add(mug, "/products/mug-cafe-code", { Couleur: "Bleu" }));
    const cart = await roundTrips(() => buyer.page("/cart", cartRoute.loader));
    const checkout = await roundTrips(() => buyer.page("/checkout", checkoutRoute.loader));
    const sent = await roundTrips(() => buyer.sendCheckout(checkout.value));

    // The visitor's tokens, then the add itself: the cart is read only when the platform refuses the quantity.
    expect(first.waves).toEqual([["POST /oauth2/token"], ["POST /ecom/v2/carts/current/add-line-items"]]);
    expect(second.waves).toEqual([["POST /ecom/v2/carts/current/add-line-items"]]);
    expect(cart.waves).toEqual([[ESTIMATE]]);
    expect(cart.value.cart?.lines).toHaveLength(2);
    // The delivery options need the cart's lines; the draft of an unfinished checkout is read in the same cart.
    expect(checkout.waves).toEqual([[ESTIMATE], [DELIVERY]]);
    // The options the page showed come back sealed: the cart is written (details and delivery method in one
    // Update), then the payment page's session.
    expect(sent.waves).toEqual([[UPDATE], [REDIRECT]]);
    expect(isPaymentPage(sent.value)).toBe(true);

    const calls = [first, second, cart, checkout, sent].flatMap((step) => step.waves.flat());
    expect(calls).toHaveLength(8);
    expect(sent.waves.length).toBeLessThanOrEqual(3);
  });

  it("refuses an add over the stock left with what the cart already holds, reading the cart only then", async () => {
    const { book } = await productIds();
    const buyer = new Buyer();
    await buyer.add(book, "/products/livre-typescript", {}, 8);
    // 10 in stock: Cart V2 refuses 3 more, and the cart says how many it holds.
    const refused = await roundTrips(() => buyer.add(book, "/products/livre-typescript", {}, 3));
    expect(refused.waves).toEqual([["POST /ecom/v2/carts/current/add-line-items"], ["GET /ecom/v2/carts/current"]]);
    expect(refused.value).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { quantity: "Il n'en reste que 10 et votre panier en contient déjà 8 : ajoutez-en au plus 2." } },
    });
  });

  it("reads the cart again when it changed since the checkout page was drawn, and sends the buyer on", async () => {
    const { book, mug } = await productIds();
    const buyer = new Buyer();
    await buyer.add(book, "/products/livre-typescript");
    const page = await buyer.page("/checkout", checkoutRoute.loader);
    // Another tab adds a mug: the options the page showed were for another cart.
    await buyer.add(mug, "/products/mug-cafe-code", { Couleur: "Bleu" });
    const sent = await roundTrips(() => buyer.sendCheckout(page));
    expect(sent.waves).toEqual([[UPDATE], [ESTIMATE], [DELIVERY], [UPDATE], [REDIRECT]]);
    expect(isPaymentPage(sent.value)).toBe(true);
  });

  it("sends a cart emptied since the page was drawn back to the cart page, as before", async () => {
    const { book } = await productIds();
    const buyer = new Buyer();
    await buyer.add(book, "/products/livre-typescript");
    const page = await buyer.page("/checkout", checkoutRoute.loader);
    const commerce = await Commerce.fromRequest(new Request(`${APP_ORIGIN}/cart`, { headers: { Cookie: buyer.cookieHeader() } }));
    await commerce.cart.removeLine(page.cart.lines[0]!.id);
    const answer = await buyer.sendCheckout(page);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe("/cart");
  });

  it("takes an offer it did not seal, or none, as no offer: the options are read again", async () => {
    const { book } = await productIds();
    const buyer = new Buyer();
    await buyer.add(book, "/products/livre-typescript");
    const page = await buyer.page("/checkout", checkoutRoute.loader);
    const forged = page.deliveryOffer.slice(0, -4) + (page.deliveryOffer.endsWith("AAAA") ? "BBBB" : "AAAA");
    for (const deliveryOffer of [forged, ""]) {
      const sent = await roundTrips(() => buyer.sendCheckout(page, { deliveryOffer }));
      expect(sent.waves).toEqual([[ESTIMATE], [DELIVERY], [UPDATE], [REDIRECT]]);
      expect(isPaymentPage(sent.value)).toBe(true);
    }
  });
});
