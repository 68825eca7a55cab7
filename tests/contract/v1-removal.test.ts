// Cart V1 and Checkout V1 end on 2027-02-01 (Cart V2's migration guide; the typings' @targetRemovalDate): with the
// platform's clock past that date their calls answer as a removed API does, while Cart V2 goes on.
import { describe, expect, it } from "vitest";
import { platformOptionsFromEnv } from "../../platform/options";
import { isWix, makeClient, productBySlug, productRef, rejection, usePlatform } from "./harness";

const REMOVAL = Date.parse("2027-02-01T00:00:00Z");
let now = REMOVAL - 1000;
usePlatform({ now: () => now });

const status = (e: { details?: { applicationError?: { code?: unknown } } }) => e.details?.applicationError?.code;

describe.skipIf(isWix)("Cart V1 and Checkout V1 after their removal date", () => {
  it("answer until 2027-02-01, then 404 with no application error; Cart V2 keeps answering", async () => {
    now = REMOVAL - 1000;
    const client = makeClient();
    const book = await productBySlug(client, "livre-typescript");
    await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(book._id), quantity: 1 }] });
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: "WEB" });
    expect((await client.checkout.getCheckout(checkoutId!))._id).toBe(checkoutId);

    now = REMOVAL;
    for (const call of [
      () => client.currentCart.getCurrentCart(),
      () => client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(book._id), quantity: 1 }] }),
      () => client.currentCart.createCheckoutFromCurrentCart({ channelType: "WEB" }),
      () => client.checkout.getCheckout(checkoutId!),
      () => client.checkout.getCheckoutUrl(checkoutId!),
    ]) {
      const e = await rejection(call);
      // Empty details: the SDK puts the HTTP status where an application error's code would be.
      expect(status(e)).toBe(404);
      expect(String((e as Error).message)).toContain("removed on 2027-02-01");
    }
    // The same cart through Cart V2: still there, still changeable.
    const { cart } = await client.currentCartV2.getCurrentCart();
    expect(cart?.lineItems?.[0]?.source?.catalogReference?.catalogItemId).toBe(book._id);
  });

  it("reads the clock from PLATFORM_NOW (ISO 8601) and refuses a date that does not parse", () => {
    expect(platformOptionsFromEnv({ PLATFORM_NOW: "2027-02-01T00:00:00Z" }).now?.()).toBe(REMOVAL);
    expect(() => platformOptionsFromEnv({ PLATFORM_NOW: "demain" })).toThrow(/PLATFORM_NOW/);
  });
});
