// Outside attack 3, finding 9: the coupon had no usage limit. As a shop decides (docs/decisions/0028-coupon-limits.md),
// and as Wix coupons carry them (specification.usageLimit: uses in total; specification.limitPerCustomer: uses per
// customer), the welcome code is once per customer and a campaign code stops after its total. The refusals are the
// codes the SDK's checkout typings list (ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED, ERROR_COUPON_USAGE_EXCEEDED), and
// the payment page checks again at the end.
// Once per customer means a customer who proved who they are (docs/decisions/0057-once-per-customer-coupons-for-members.md):
// a member, counted with every account of her mailbox (+tags aside). A guest typing an address proves nothing: she
// could use up that person's coupon and learn whether they had used it, and +tags made a new customer each time.
import { describe, expect, it } from "vitest";
import {
  addBySlug,
  loginThroughHostedPage,
  signUpAndProve,
  APP_ORIGIN,
  CALLBACKS,
  makeClient,
  pageText,
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

const PASSWORD = "motdepasse-coupon";
const members = new Set<string>();

/** A member client for `email` (signed up and proved the first time), logged in through the hosted page. */
async function member(email: string): Promise<Client> {
  if (!members.has(email)) {
    expect((await signUpAndProve(handle.platform, makeClient(), { email, password: PASSWORD })).loginState).toBe("SUCCESS");
    members.add(email);
  }
  return (await loginThroughHostedPage(handle.platform, { email, password: PASSWORD })).client;
}

/** That member with one audit in the cart and `coupon` applied. */
async function memberWith(coupon: string, email: string): Promise<Client> {
  const client = await member(email);
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
  it("the welcome code is once per member: a second checkout by the same member is refused", async () => {
    const member = await memberWith("BIENVENUE10", "fidele@exemple.fr");
    expect((await payOnHostedPage(handle.platform, await checkoutFor(member, "fidele@exemple.fr"))).location).toContain("orderId=");
    const again = await rejection(async () => checkoutFor(await memberWith("BIENVENUE10", "fidele@exemple.fr"), "fidele@exemple.fr"));
    expect(again.details?.applicationError?.code).toBe("ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED");
    // Another member still gets it.
    const other = await memberWith("BIENVENUE10", "autre.fidele@exemple.fr");
    expect((await payOnHostedPage(handle.platform, await checkoutFor(other, "autre.fidele@exemple.fr"))).location).toContain("orderId=");
  });

  it("one mailbox is one customer: an account of its +tag after the mailbox used the code is refused", async () => {
    const first = await memberWith("BIENVENUE10", "boite.unique@exemple.fr");
    expect((await payOnHostedPage(handle.platform, await checkoutFor(first, "boite.unique@exemple.fr"))).location).toContain("orderId=");
    const tagged = await rejection(async () => memberWith("BIENVENUE10", "boite.unique+encore@exemple.fr"));
    expect(tagged.details?.applicationError?.code).toBe("ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED");
  });

  it("a guest typing someone's address neither uses up their code nor learns whether they used it", async () => {
    // Someone who used the code, and someone who did not.
    const user = await memberWith("BIENVENUE10", "a.deja.servi@exemple.fr");
    expect((await payOnHostedPage(handle.platform, await checkoutFor(user, "a.deja.servi@exemple.fr"))).location).toContain("orderId=");
    await member("jamais.servi@exemple.fr");
    // A guest with either address gets the one same answer, and no order uses anything up.
    const answers = [];
    for (const email of ["a.deja.servi@exemple.fr", "jamais.servi@exemple.fr", "inconnu.total@exemple.fr"]) {
      const refused = await rejection(async () => checkoutFor(await cartWith("BIENVENUE10"), email));
      answers.push([refused.details?.applicationError?.code, refused.details?.applicationError?.description]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![0]).toBe("ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED");
    // The one who never used it still can.
    const owner = await memberWith("BIENVENUE10", "jamais.servi@exemple.fr");
    expect((await payOnHostedPage(handle.platform, await checkoutFor(owner, "jamais.servi@exemple.fr"))).location).toContain("orderId=");
  });

  it("a campaign code stops after its total uses; the payment page refuses a checkout made while a use was left", async () => {
    expect((await payOnHostedPage(handle.platform, await checkoutFor(await cartWith("PREMIERS2"), "un@exemple.fr"))).location).toContain(
      "orderId=",
    );
    // Two checkouts made while one use is left: the first paid takes it, the second is refused on the payment page.
    const a = await checkoutFor(await cartWith("PREMIERS2"), "deux@exemple.fr");
    const b = await checkoutFor(await cartWith("PREMIERS2"), "trois@exemple.fr");
    expect((await payOnHostedPage(handle.platform, a)).location).toContain("orderId=");
    const late = await payOnHostedPage(handle.platform, b);
    expect(late.location).toBeUndefined();
    expect(pageText(late.html ?? "")).toContain("Ce code promo a atteint son nombre d'utilisations");
    const refused = await rejection(async () => checkoutFor(await cartWith("PREMIERS2"), "quatre@exemple.fr"));
    expect(refused.details?.applicationError?.code).toBe("ERROR_COUPON_USAGE_EXCEEDED");
  });
});
