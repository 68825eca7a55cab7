// Each call to Wix is a round trip over the internet, and calls made one after another add up before a page can
// start. A product page read one after the other: Get Product, then Query Variants, then Query Inventory Items.
// Get Product answers the variants itself (`variantsInfo`), and a product whose id is known (from any list it was
// in) has its stock read at the same time.
import { afterEach, describe, expect, it, vi } from "vitest";
import { useEmbeddedPlatform } from "../support/platform";
import { clearCatalogCache } from "~/.server/catalog/cache.server";
import { forgetCatalogVersion } from "~/.server/catalog/version.server";
import { loadCatalogPage, productById, productBySlug } from "~/.server/catalog/catalog.server";

useEmbeddedPlatform({ catalogVersion: "V3_CATALOG" }, { getAppOrigin: () => "http://localhost:3000" });
afterEach(() => {
  vi.restoreAllMocks();
  clearCatalogCache();
  forgetCatalogVersion();
});

/** Lets every call already sent reach the wrapper (the platform answers in the same process). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * The Wix calls `run` makes, in waves: every call of a wave was sent before any of them was answered, so the waves
 * are the round trips one after the other. Answers are held until no more calls come, then released together.
 */
async function roundTrips<T>(run: () => Promise<T>): Promise<{ value: T; waves: string[][] }> {
  const real = globalThis.fetch;
  let wave: { calls: string[]; release: () => void; gate: Promise<void> } | null = null;
  const newWave = () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    return { calls: [] as string[], release, gate };
  };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    wave ??= newWave();
    wave.calls.push(`${init?.method ?? request.method} ${url.pathname}`);
    await wave.gate;
    return real(input, init);
  });
  const waves: string[][] = [];
  let done = false;
  const result = run().finally(() => (done = true));
  result.catch(() => undefined);
  while (!done) {
    await settle();
    const current = wave as { calls: string[]; release: () => void } | null;
    if (!current) continue;
    wave = null;
    waves.push(current.calls.toSorted());
    current.release();
  }
  return { value: await result, waves };
}

describe("a product page's round trips to Wix", () => {
  it("reads a product seen in a list with its stock in one round trip, and no variants call", async () => {
    const list = await loadCatalogPage(new URL("http://x/products"));
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
    const list = await loadCatalogPage(new URL("http://x/products"));
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
