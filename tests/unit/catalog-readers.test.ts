// The app's two catalog readers (Stores Catalog V1 and V3) against the embedded platform: the same demo store read
// through either gives the same pages, cards, options, stock and add-to-cart checks; the version comes from the site
// and is read again when a call is refused for the wrong one.
import { afterEach, describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "../support/platform";
import { clearCatalogCache } from "~/.server/catalog/cache.server";
import { catalogProblem, catalogVersion, forgetCatalogVersion } from "~/.server/catalog/version.server";
import {
  checkAddToCart,
  listCollections,
  loadCatalogPage,
  loadProductPage,
  productById,
  productPaths,
} from "~/.server/catalog/catalog.server";
import { Commerce, runInSession } from "~/.server/wix/commerce.server";
import { SORT_OPTIONS } from "~/models/catalog";
import demo from "../../platform/seed/demo.json";
import { seedId } from "../../platform/seed/seed-ids";

const handle = useEmbeddedPlatform({ catalogVersion: "V1_CATALOG" }, { getAppOrigin: () => "http://localhost:3000" });
const slugs = demo.products.map((p) => p.slug);

/** The site moves to `version`: what the app held about the catalog is dropped, as a new process would start. */
function siteRuns(version: "V1_CATALOG" | "V3_CATALOG" | "STORES_NOT_INSTALLED") {
  handle.platform.setCatalogVersion(version);
  clearCatalogCache();
  forgetCatalogVersion();
}

afterEach(() => siteRuns("V1_CATALOG"));

/** Image URLs differ by version (a V1 URL, a V3 media id with "/" written "__"): compared by file name. */
function normalized<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value).replace(/"url":"[^"]*?([\w.-]+\.svg)"/g, (_, file: string) => `"url":"${file.split("__").pop()}"`),
  ) as T;
}

/** Everything the store shows from its catalog: every list page in every order, every collection, every product. */
async function store() {
  const collections = await listCollections();
  const lists = [];
  for (const { value: sort } of SORT_OPTIONS)
    for (const page of [1, 2]) lists.push(await loadCatalogPage(new URL(`http://x/products?sort=${sort}&page=${page}`)));
  for (const c of collections) lists.push(await loadCatalogPage(new URL("http://x/collections"), c.slug));
  const products = [];
  for (const slug of slugs) {
    const page = await loadProductPage(slug, new URL(`http://x/products/${slug}`));
    const full = await productById(page.product.id);
    // The one difference by design: V3 names the variant of a product without options (the next test).
    const { variantId: _sole, ...check } = checkAddToCart(full!, () => undefined) as { variantId?: string };
    products.push({ page, check });
  }
  return normalized({ collections, lists, products });
}

describe("one catalog interface, two readers", () => {
  it("reads the same store from a V1 site and from a V3 site", { timeout: 60_000 }, async () => {
    siteRuns("V1_CATALOG");
    expect(await catalogVersion()).toBe("V1_CATALOG");
    const v1 = await store();
    siteRuns("V3_CATALOG");
    expect(await catalogVersion()).toBe("V3_CATALOG");
    const v3 = await store();
    expect(v1.products).toHaveLength(62);
    expect(v1.lists.some((l) => l.products.some((p) => p.price.regular))).toBe(true);
    // The stock left too: V1 reads carry it, V3 reads it from Inventory Items ("Plus qu'un exemplaire" on both).
    expect(v1.lists.some((l) => l.products.some((p) => p.lowStock === "Plus qu'un exemplaire"))).toBe(true);
    expect(v3).toEqual(v1);
  });

  it("buys the variant the options name on both; on V3 a product without options is bought as its one variant", async () => {
    const formation = demo.products.find((p) => p.slug === "formation-typescript")!;
    const book = demo.products.find((p) => p.slug === "livre-typescript")!;
    const chosen = { Format: "Intra", Session: "9 et 10 mars 2027" };
    const ask = (values: Record<string, string>) => (name: string) => values[name];

    siteRuns("V1_CATALOG");
    const v1 = checkAddToCart((await productById(seedId(formation.id)))!, ask(chosen));
    // V1 counts the books left (10 in the demo data): the add is checked against it.
    expect(checkAddToCart((await productById(seedId(book.id)))!, ask({}))).toEqual({ ok: true, chosen: {}, left: 10 });

    siteRuns("V3_CATALOG");
    const v3 = checkAddToCart((await productById(seedId(formation.id)))!, ask(chosen));
    expect(v3).toEqual(v1);
    expect(v3).toMatchObject({ ok: true, chosen });
    const sole = checkAddToCart((await productById(seedId(book.id)))!, ask({}));
    // V3 reads the books left from Inventory Items: the same 10.
    expect(sole).toMatchObject({ ok: true, chosen: {}, left: 10, variantId: expect.stringMatching(/^[0-9a-f]{8}-/) });
  });

  it("reads the version again when a call is refused for the wrong one (a V1 site migrated to V3)", async () => {
    siteRuns("V1_CATALOG");
    await listCollections();
    expect(await catalogVersion()).toBe("V1_CATALOG");
    // The site moves while the app still holds V1: the next read is refused (428), the version read again, the call made again.
    handle.platform.setCatalogVersion("V3_CATALOG");
    clearCatalogCache();
    const page = await loadProductPage("formation-typescript", new URL("http://x/products/formation-typescript"));
    expect(page.product.name).toBe("Formation TypeScript avancé");
    expect(await catalogVersion()).toBe("V3_CATALOG");
  });

  it("adds V3 lines with the variantId (the one variant of a product without options too), linked to the catalog's pages", async () => {
    siteRuns("V3_CATALOG");
    const commerce = await Commerce.fromRequest(new Request("http://localhost:3000/cart"));
    const { cart, raw } = await runInSession(commerce, async () => {
      const product = (await productById(seedId("prod-livre-typescript")))!;
      const check = checkAddToCart(product, () => undefined);
      if (!check.ok) throw new Error(check.message);
      await commerce.cart.add({ productId: product.id, quantity: 1, variantId: check.variantId });
      return { cart: await commerce.cart.get(), raw: (await (await commerce.client()).currentCartV2.getCurrentCart()).cart! };
    });
    const [line] = raw.lineItems ?? [];
    expect(line?.source?.catalogReference?.options).toEqual({ variantId: expect.stringMatching(/^[0-9a-f]{8}-/) });
    // The platform answers a Wix-style product page for the line; the app links to its own page.
    expect(line?.attributes?.url).toMatch(/\/product-page\/livre-typescript$/);
    expect(cart?.lines.map((l) => l.url)).toEqual(["/products/livre-typescript"]);
    expect((await productPaths(["prod-gone"])).size).toBe(0);
  });

  it("has no catalog to read on a site without Wix Stores: readiness says so", async () => {
    siteRuns("STORES_NOT_INSTALLED");
    expect(await catalogProblem()).toMatch(/STORES_NOT_INSTALLED/);
    siteRuns("V3_CATALOG");
    expect(await catalogProblem()).toBeNull();
  });
});
