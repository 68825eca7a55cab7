// The platform's Catalog V3 answers against Wix's documented examples (tests/contract/golden/catalog-v3/*.json, each
// with the page it comes from), key by key and type by type: values may differ, shapes may not, except the differences
// listed here with their reason. The raw wire answers are compared (before the SDK renames `id` to `_id`).
import { describe, expect, it } from "vitest";
import { goldenDifferences, readGolden } from "./golden/compare";
import { rawApi, seedProduct, usePlatform } from "./harness";
import { EMBEDDED_CLIENT_ID } from "../../platform/index";

usePlatform({ catalogVersion: "V3_CATALOG" });
const golden = (name: string) => readGolden(new URL(`./golden/catalog-v3/${name}.json`, import.meta.url));

async function visitorToken(): Promise<string> {
  const res = await rawApi("/oauth2/token", { body: { clientId: EMBEDDED_CLIENT_ID, grantType: "anonymous" } });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function answer(path: string, body?: unknown) {
  const res = await rawApi(path, { token: await visitorToken(), ...(body === undefined ? {} : { body }) });
  expect(res.status).toBe(200);
  return res.json();
}

describe("golden answers: Catalog V3 and the Stores categories", () => {
  it("Get Catalog Version", async () => {
    expect(goldenDifferences(golden("get-catalog-version"), await answer("/stores/v3/provision/version"))).toEqual([]);
  });

  it("Get Product (a physical product without options, as in Wix's example)", async () => {
    const product = await answer(`/stores/v3/products/${seedProduct("livre-typescript").id}`);
    // Wix's example product has no image, brand nor ribbon (null there, which allows the demo book's objects).
    expect(goldenDifferences(golden("get-product"), product)).toEqual([]);
  });

  it("Query Categories (the Stores tree)", async () => {
    const found = await answer("/categories/v1/categories/query", {
      query: { filter: { slug: { $in: ["all-products", "livres"] } } },
      treeReference: { appNamespace: "@wix/stores" },
    });
    expect(found.categories).toHaveLength(2);
    expect(
      goldenDifferences(golden("query-categories"), found, {
        "categories[].image": "the demo's categories have images; the example's have none (Category.image in the typings)",
      }),
    ).toEqual([]);
  });
});

describe("the comparison itself", () => {
  it("names a key Wix answers and the platform does not, a key of a complete object Wix does not show, and a type change", () => {
    const fixture = { endpoint: "x", source: "x", kind: "example" as const, openPaths: [], response: { a: { b: "1", c: 2 }, d: null } };
    expect(goldenDifferences(fixture, { a: { b: "1", c: 2 } })).toEqual([]);
    expect(goldenDifferences(fixture, { a: { b: "1" } })).toEqual(["a.c: missing (Wix answers it)"]);
    expect(goldenDifferences(fixture, { a: { b: "1", c: 2, e: true } })).toEqual(["a.e: not in Wix's answer"]);
    expect(goldenDifferences(fixture, { a: { b: 1, c: 2 } })).toEqual(["a.b: Wix answers string, the platform number"]);
  });
});
