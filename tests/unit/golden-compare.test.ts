// The golden comparer (tests/contract/golden/compare.ts): what counts as a difference between Wix's documented
// answer and a backend's, and what the known-differences list may explain.
import { describe, expect, it } from "vitest";
import {
  compareShapes,
  pathMatches,
  routeShape,
  shapeOf,
  unexplained,
  unusedKnown,
  type KnownDifference,
} from "../contract/golden/compare";

const golden = shapeOf({
  cart: {
    id: "c1",
    checkoutId: "k1",
    lineItems: [
      { id: "l1", quantity: 1, price: { amount: "10" }, catalogReference: { options: { variantId: "v1" } } },
      { id: "l2", quantity: 2, price: { amount: "5" }, url: { relativePath: "/p" } },
    ],
    appliedDiscounts: [],
    note: null,
  },
});

describe("shapeOf", () => {
  it("keeps keys and types, drops the example's values and folds array elements into one", () => {
    expect(golden).toEqual({
      cart: {
        id: "string",
        checkoutId: "string",
        lineItems: [
          {
            id: "string",
            quantity: 0,
            price: { amount: "string" },
            catalogReference: { options: { variantId: "string" } },
            url: { relativePath: "string" },
          },
        ],
        appliedDiscounts: [],
        note: null,
      },
    });
  });
});

describe("compareShapes", () => {
  const answer = () => ({
    cart: {
      id: "x",
      checkoutId: "y",
      lineItems: [
        { id: "a", quantity: 3, price: { amount: "1.00" }, catalogReference: { options: { variantId: "w" } }, url: { relativePath: "/q" } },
      ],
      appliedDiscounts: [{ coupon: { code: "B" } }],
      note: "text",
    },
  });

  it("finds nothing when keys and types agree, whatever the values", () => {
    expect(compareShapes(golden, answer())).toEqual([]);
  });

  it("names a key Wix answers and the backend does not, with its path", () => {
    const a = answer();
    delete (a.cart as Partial<typeof a.cart>).checkoutId;
    expect(compareShapes(golden, a)).toEqual([{ path: "cart.checkoutId", kind: "missing", expected: "string" }]);
  });

  it("names a key the backend answers and Wix does not, inside array elements too", () => {
    const a = answer();
    (a.cart.lineItems[0] as Record<string, unknown>).invented = true;
    expect(compareShapes(golden, a)).toEqual([{ path: "cart.lineItems[].invented", kind: "extra", actual: "boolean" }]);
  });

  it("names a type mismatch (a number where Wix answers a decimal string)", () => {
    const a = answer();
    (a.cart.lineItems[0]!.price as Record<string, unknown>).amount = 1;
    expect(compareShapes(golden, a)).toEqual([
      { path: "cart.lineItems[].price.amount", kind: "type", expected: "string", actual: "number" },
    ]);
  });

  it("counts a key of any documented element as documented, and of any answered element as answered", () => {
    const a = answer();
    a.cart.lineItems = [
      { id: "a", quantity: 1, price: { amount: "1" }, catalogReference: { options: { variantId: "v" } } } as never,
      { id: "b", quantity: 1, price: { amount: "1" }, url: { relativePath: "/r" } } as never,
    ];
    expect(compareShapes(golden, a)).toEqual([]);
  });

  it("never compares keys under a map path (option names are data), but still sees the map itself", () => {
    const g = shapeOf({ ref: { options: { Size: "M" } } });
    expect(compareShapes(g, { ref: { options: { Taille: "M", Couleur: "Noir" } } }, { maps: ["**.options"] })).toEqual([]);
    expect(compareShapes(g, { ref: {} }, { maps: ["**.options"] })).toEqual([{ path: "ref.options", kind: "missing", expected: "object" }]);
  });

  it("schema fixtures: a documented field left out is no difference, an undocumented one is", () => {
    const g = shapeOf({ status: "COLLECTABLE", amount: { amount: "1", formattedAmount: "1 €" } });
    expect(compareShapes(g, { status: "X" }, { kind: "schema" })).toEqual([]);
    expect(compareShapes(g, { status: "X", invented: 1 }, { kind: "schema" })).toEqual([
      { path: "invented", kind: "extra", actual: "number" },
    ]);
  });
});

describe("known differences", () => {
  const known: KnownDifference[] = [
    { endpoint: "GET /ecom/v1/carts/current", path: "cart.checkoutId", kind: "missing", reason: "r" },
    { endpoint: "*", path: "**.lineItems[].{policies,fixedQuantity}", kind: "extra", reason: "r" },
  ];

  it("explain a difference only for their endpoint, kind and path", () => {
    const d = { path: "cart.checkoutId", kind: "missing" as const };
    expect(unexplained([d], known, "GET /ecom/v1/carts/current")).toEqual([]);
    expect(unexplained([d], known, "POST /ecom/v1/carts/current/add-to-cart")).toEqual([d]);
    expect(unexplained([{ ...d, kind: "extra" }], known, "GET /ecom/v1/carts/current")).toEqual([{ ...d, kind: "extra" }]);
  });

  it("patterns: ** any prefix, {a,b} one of the keys, * one key", () => {
    expect(pathMatches("**.lineItems[].{policies,fixedQuantity}", "order.lineItems[].policies")).toBe(true);
    expect(pathMatches("**.lineItems[].{policies,fixedQuantity}", "lineItems[].fixedQuantity")).toBe(true);
    expect(pathMatches("**.lineItems[].{policies,fixedQuantity}", "order.lineItems[].price")).toBe(false);
    expect(pathMatches("**.lineItems[].{policies,fixedQuantity}", "order.xlineItems[].policies")).toBe(false);
    expect(pathMatches("cart.*.amount", "cart.subtotal.amount")).toBe(true);
    expect(pathMatches("cart.*.amount", "cart.lineItems[].amount")).toBe(false);
  });

  it("an entry that explains nothing is reported as unused", () => {
    const seen = [{ endpoint: "GET /ecom/v1/carts/current", differences: [{ path: "cart.checkoutId", kind: "missing" as const }] }];
    expect(unusedKnown(known, seen)).toEqual([known[1]]);
  });
});

describe("routeShape (the route check's notion of the same route)", () => {
  it("ignores parameter names, `:id` and `{id}` alike", () => {
    expect(routeShape("GET /stores/v3/products/:productId")).toBe(routeShape("GET /stores/v3/products/{productId}"));
    expect(routeShape("PATCH /ecom/v1/fulfillments/{fulfillment.id}/orders/{orderId}")).toBe(
      routeShape("PATCH /ecom/v1/fulfillments/:id/orders/:orderId"),
    );
  });

  it("never lets a parameter stand for a literal segment, nor one method for another", () => {
    expect(routeShape("GET /stores/v3/products/query")).not.toBe(routeShape("GET /stores/v3/products/{productId}"));
    expect(routeShape("GET /members/v1/members/my")).not.toBe(routeShape("GET /members/v1/members/{id}"));
    expect(routeShape("POST /stores/v3/products/query")).not.toBe(routeShape("GET /stores/v3/products/query"));
    expect(routeShape("GET /stores/v3/products/slug/:slug")).not.toBe(routeShape("GET /stores/v3/products/{productId}"));
  });
});
