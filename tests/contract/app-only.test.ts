// Methods Wix documents for an app's identity only (`@applicableIdentity APP` in the SDK's typings):
// checkout.createCheckout, recommendations, back-in-stock notification requests. A visitor's or member's token is
// refused with Wix's permission error; the owner's elevated identity gets the site's answer (no recommendation
// algorithm installed) or the platform's deliberate 501.
import { describe, expect, it } from "vitest";
import { ApiKeyStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import { backInStockNotifications, checkout, recommendations } from "@wix/ecom";
import { clientId, DEMO, isWix, loginThroughHostedPage, rejection, usePlatform } from "./harness";
import { seedId } from "../../platform/seed/seed-ids";

const API_KEY = "app-only-api-key-0123456789abcdef";
const ctx = usePlatform({ apiKey: API_KEY, siteId: "app-only-site" });
const modules = { checkout, recommendations, backInStockNotifications };

const visitorClient = () => createClient({ modules, auth: OAuthStrategy({ clientId }) });
type Client = ReturnType<typeof visitorClient>;
const ref = { appId: "215238eb-22a5-4c36-9e7b-e7c08025e04e", catalogItemId: seedId("prod-livre-typescript") };

function calls(c: Pick<Client, keyof typeof modules>): Record<string, () => Promise<unknown>> {
  return {
    createCheckout: () => c.checkout.createCheckout({ channelType: "WEB", lineItems: [{ catalogReference: ref, quantity: 1 }] }),
    listAvailableAlgorithms: () => c.recommendations.listAvailableAlgorithms(),
    getRecommendation: () => c.recommendations.getRecommendation([{ _id: "algo", appId: "app" }], { items: [ref] }),
    createBackInStockNotificationRequest: () =>
      c.backInStockNotifications.createBackInStockNotificationRequest(
        { catalogReference: ref, email: "lea@exemple.fr", itemUrl: "http://localhost:3000/products/livre-typescript" },
        { name: "TypeScript au quotidien", price: "39.00" },
      ),
    queryBackInStockNotificationRequests: () => c.backInStockNotifications.queryBackInStockNotificationRequests().find(),
    deleteBackInStockNotificationRequest: () => c.backInStockNotifications.deleteBackInStockNotificationRequest("x"),
  };
}

describe.skipIf(isWix)("app-identity methods (embedded platform)", () => {
  it("refuses a visitor's and a member's token with Wix's permission error, on each", async () => {
    const visitor = visitorClient();
    visitor.auth.setTokens(await visitor.auth.generateVisitorTokens());
    const { tokens } = await loginThroughHostedPage(ctx.platform, DEMO);
    const member = createClient({ modules, auth: OAuthStrategy({ clientId, tokens }) });
    for (const client of [visitor, member])
      for (const [name, call] of Object.entries(calls(client))) {
        const e = await rejection(call);
        expect({ name, code: e.details?.applicationError?.code }).toEqual({ name, code: "PERMISSION_DENIED" });
      }
  });

  it("answers the owner's identity: no recommendation algorithm on this site; the rest 501 on purpose", async () => {
    const owner = createClient({ modules, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: "app-only-site" }) });
    expect(await owner.recommendations.listAvailableAlgorithms()).toEqual({ availableAlgorithms: [] });
    for (const [name, call] of Object.entries(calls(owner)).filter(([n]) => n !== "listAvailableAlgorithms")) {
      const e = await rejection(call);
      expect({ name, code: e.details?.applicationError?.code }).toEqual({ name, code: "NOT_IMPLEMENTED" });
    }
  });
});
