// Outside attack 3, finding 9: the coupon had no usage limit. As a shop decides (docs/decisions/0028-coupon-limits.md),
// and as Wix coupons carry them (specification.usageLimit: uses in total; specification.limitPerCustomer: uses per
// customer), the welcome code is once per customer and a campaign code stops after its total. A customer is the member,
// or the buyer's canonical e-mail; the refusals are the codes the SDK's checkout typings list
// (ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED, ERROR_COUPON_USAGE_EXCEEDED), and the payment page checks again at the end.
import { describe, expect, it } from "vitest";
import {
  addBySlug,
  APP_ORIGIN,
  CALLBACKS,
  makeClient,
  pageText,
  PAY,
  payOnHostedPage,
  rejection,
  SHIPPING_ADDRESS,
  type Client,
} from "../../contract/harness";
import { useEmbeddedPlatform } from "../../support/platform";
import { FIXTURE } from "./helpers";

const handle = useEmbeddedPlatform({ seedFile: FIXTURE }, { getAppOrigin: () => APP_ORIGIN, getClient: () => "203.0.113.70" });

/** A visitor with one audit in the cart and `coupon` applied. */
async function cartWith(coupon: string): Promise<Client> {
  const client = makeClient();
  await client.auth.generateVisitorTokens();
  await addBySlug(client, "audit-si");
  await client.currentCart.updateCurrentCart({ couponCode: coupon });
  return client;
}

/** The checkout of the cart for `email`, and its payment page. */
async function checkoutFor(client: Client, email: string): Promise<string> {
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
    channelType: "WEB",
    email,
    shippingAddress: SHIPPING_ADDRESS,
    billingAddress: SHIPPING_ADDRESS,
  });
  const { redirectSession } = await client.redirects.createRedirectSession({
    ecomCheckout: { checkoutId: checkoutId! },
    callbacks: CALLBACKS,
  });
  return redirectSession!.fullUrl!;
}

describe("coupon usage limits", () => {
  it("the welcome code is once per customer: a second checkout by the same buyer, however spelled, is refused", async () => {
    const first = await checkoutFor(await cartWith("BIENVENUE10"), "fidele@exemple.fr");
    expect((await payOnHostedPage(handle.platform, first, PAY)).location).toContain("orderId=");
    const again = await cartWith("BIENVENUE10");
    const refused = await rejection(() => checkoutFor(again, "FIDELE@Exemple.fr."));
    expect(refused.details?.applicationError?.code).toBe("ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED");
    // Another buyer still gets it.
    expect(
      (await payOnHostedPage(handle.platform, await checkoutFor(await cartWith("BIENVENUE10"), "autre@exemple.fr"), PAY)).location,
    ).toContain("orderId=");
  });

  it("a campaign code stops after its total uses; the payment page refuses a checkout made while a use was left", async () => {
    expect(
      (await payOnHostedPage(handle.platform, await checkoutFor(await cartWith("PREMIERS2"), "un@exemple.fr"), PAY)).location,
    ).toContain("orderId=");
    // Two checkouts made while one use is left: the first paid takes it, the second is refused on the payment page.
    const a = await checkoutFor(await cartWith("PREMIERS2"), "deux@exemple.fr");
    const b = await checkoutFor(await cartWith("PREMIERS2"), "trois@exemple.fr");
    expect((await payOnHostedPage(handle.platform, a, PAY)).location).toContain("orderId=");
    const late = await payOnHostedPage(handle.platform, b, PAY);
    expect(late.location).toBeUndefined();
    expect(pageText(late.html ?? "")).toContain("Ce code promo a atteint son nombre d'utilisations");
    const refused = await rejection(async () => checkoutFor(await cartWith("PREMIERS2"), "quatre@exemple.fr"));
    expect(refused.details?.applicationError?.code).toBe("ERROR_COUPON_USAGE_EXCEEDED");
  });
});
