// Golden answers: records the raw answers of a real Wix site to the calls the contract suite makes and diffs their
// key sets against the embedded platform's. Run: `WIX_CLIENT_ID=<client id> npx tsx scripts/golden-answers.ts`.
// Without WIX_CLIENT_ID it prints that it was skipped and exits 0 (nothing is sent anywhere).
import { createClient, OAuthStrategy } from "@wix/sdk";
import { collections, products } from "@wix/stores";
import { currentCart } from "@wix/ecom";
import { createPlatform, EMBEDDED_CLIENT_ID, installPlatformFetch } from "../platform/index";

type Json = unknown;
const keysOf = (value: Json, prefix = ""): string[] => {
  if (Array.isArray(value)) return value.length ? keysOf(value[0], `${prefix}[]`) : [`${prefix}[]`];
  if (value && typeof value === "object")
    return Object.entries(value as Record<string, Json>).flatMap(([k, v]) => [
      `${prefix}${prefix ? "." : ""}${k}`,
      ...keysOf(v, `${prefix}${prefix ? "." : ""}${k}`),
    ]);
  return [];
};

async function record(clientId: string) {
  const wix = createClient({ modules: { products, collections, currentCart }, auth: OAuthStrategy({ clientId }) });
  wix.auth.setTokens(await wix.auth.generateVisitorTokens());
  const out: Record<string, Json> = {};
  const list = await wix.products.queryProducts().limit(5).find();
  out.queryProducts = list.items[0];
  out.queryCollections = (await wix.collections.queryCollections().limit(5).find()).items[0];
  const simple = list.items.find((p) => !(p.productOptions ?? []).length && p.stock?.inStock);
  if (simple?._id) {
    const { cart } = await wix.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: "215238eb-22a5-4c36-9e7b-e7c08025e04e", catalogItemId: simple._id }, quantity: 1 }],
    });
    out.cart = cart;
    out.estimate = await wix.currentCart.estimateCurrentCartTotals({});
    await wix.currentCart.deleteCurrentCart();
  }
  return out;
}

async function main() {
  const clientId = process.env.WIX_CLIENT_ID;
  if (!clientId) {
    console.log("golden answers: skipped (set WIX_CLIENT_ID to record a real Wix site's answers and compare them)");
    return;
  }
  const real = await record(clientId);
  // The calls recorded are Catalog V1's: the embedded site answers them as a V1 site (a real site created today runs V3).
  const platform = createPlatform({ dbPath: ":memory:", catalogVersion: "V1_CATALOG" });
  const restore = installPlatformFetch(platform);
  const embedded = await record(EMBEDDED_CLIENT_ID).finally(() => {
    restore();
    platform.close();
  });
  let differences = 0;
  for (const name of Object.keys(real)) {
    const a = new Set(keysOf(real[name]));
    const b = new Set(keysOf(embedded[name]));
    const missing = [...a].filter((k) => !b.has(k));
    const extra = [...b].filter((k) => !a.has(k));
    differences += missing.length + extra.length;
    console.log(
      `\n== ${name}\n  only on Wix (${missing.length}): ${missing.join(", ") || "-"}\n  only here (${extra.length}): ${extra.join(", ") || "-"}`,
    );
  }
  console.log(`\n${differences} key difference(s)`);
}

await main();
