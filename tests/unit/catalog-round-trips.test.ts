// Each call to Wix is a round trip over the internet, and calls made one after another add up before a page can
// start. A product page read one after the other: Get Product, then Query Variants, then Query Inventory Items.
// Get Product answers the variants itself (`variantsInfo`), and a product whose id is known (from any list it was
// in) has its stock read at the same time.
import { afterEach, describe, expect, it, vi } from "vitest";
import { useEmbeddedPlatform } from "../support/platform";
import { roundTrips } from "../support/round-trips";
import { clearCatalogCache } from "~/.server/catalog/cache.server";
import { forgetCatalogVersion } from "~/.server/catalog/version.server";
import { loadCatalogPage, productById, productBySlug } from "~/.server/catalog/catalog.server";

useEmbeddedPlatform({ catalogVersion: "V3_CATALOG" }, { getAppOrigin: () => "http://localhost:3000" });
afterEach(() => {
  vi.restoreAllMocks();
  clearCatalogCache();
  forgetCatalogVersion();
});

describe("a product page's round trips to Wix", () => {
  it("reads a product seen in a list with its stock in one round trip, and no variants call", async () => {
    const list = await loadCatalogPage(new URL("http://x/collections/goodies"), "goodies");
    const slug = "t-shirt-typescript";
    expect(list.products.some((p) => p.slug === slug)).toBe(true);
    const { value: product, waves } = await roundTrips(() => productBySlug(slug));
    expect(waves).toEqual([[`GET /stores/v3/products/slug/${slug}`, "GET /stores/v3/inventory-items/query"].toSorted()]);
    // What the page shows of it: the options by name, and the stock of each variant.
    expect(product.variants.length).toBeGreaterThan(1);
    expect(product.variants.every((v) => Object.keys(v.choices).length === product.options.length)).toBe(true);
    expect(product.variants.some((v) => typeof v.stockLeft === "number")).toBe(true);
  });

  it("reads a product by id (an add to cart) in one round trip", async () => {
    const list = await loadCatalogPage(new URL("http://x/collections/goodies"), "goodies");
    const id = list.products.find((p) => p.slug === "mug-cafe-code")!.id;
    clearCatalogCache();
    const { value: product, waves } = await roundTrips(() => productById(id));
    expect(waves).toHaveLength(1);
    expect(product?.slug).toBe("mug-cafe-code");
  });

  it("reads a product never seen before in two: the product, then its stock", async () => {
    await loadCatalogPage(new URL("http://x/products"));
    clearCatalogCache();
    const { waves } = await roundTrips(() => productBySlug("mug-cafe-code"));
    // The catalog version check comes first when nothing is known yet; never a variants query.
    expect(waves.flat().some((call) => call.includes("variants"))).toBe(false);
    expect(waves.slice(-2)).toEqual([["GET /stores/v3/products/slug/mug-cafe-code"], ["GET /stores/v3/inventory-items/query"]]);
  });
});
