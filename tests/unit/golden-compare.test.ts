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
import { parseTypings } from "../contract/golden/typings";

const GUID_A = "3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b";
const GUID_B = "4a2d3c5b-6e7f-4081-9bac-1d2e3f4a5b6c";
const GUID_C = "5b3e4d6c-7f80-4192-acbd-2e3f4a5b6c7d";
const GUID_D = "6c4f5e7d-8091-42a3-bdce-3f4a5b6c7d8e";

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
      id: GUID_A,
      checkoutId: GUID_B,
      lineItems: [
        {
          id: GUID_C,
          quantity: 3,
          price: { amount: "1.00" },
          catalogReference: { options: { variantId: GUID_D } },
          url: { relativePath: "/q" },
        },
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
      { id: GUID_C, quantity: 1, price: { amount: "1" }, catalogReference: { options: { variantId: GUID_D } } } as never,
      { id: GUID_D, quantity: 1, price: { amount: "1" }, url: { relativePath: "/r" } } as never,
    ];
    expect(compareShapes(golden, a)).toEqual([]);
  });

  it("never compares keys under a map path (option names are data), but still sees the map itself", () => {
    const g = shapeOf({ ref: { options: { Size: "M" } } });
    expect(compareShapes(g, { ref: { options: { Taille: "M", Couleur: "Noir" } } }, { maps: ["**.options"] })).toEqual([]);
    expect(compareShapes(g, { ref: {} }, { maps: ["**.options"] })).toEqual([{ path: "ref.options", kind: "missing", expected: "object" }]);
  });

  it("schema fixtures: a documented field left out is a difference, as an undocumented one is", () => {
    const g = shapeOf({ status: "COLLECTABLE", amount: { amount: "1", formattedAmount: "1 €" } });
    expect(compareShapes(g, { status: "X" }, { kind: "schema" })).toEqual([{ path: "amount", kind: "missing", expected: "object" }]);
    expect(compareShapes(g, { status: "X", amount: { amount: "1", formattedAmount: "1 €" }, invented: 1 }, { kind: "schema" })).toEqual([
      { path: "invented", kind: "extra", actual: "number" },
    ]);
  });

  it("names a null where Wix answers a value, unless the typings allow null for that field", () => {
    const a = answer();
    (a.cart as Record<string, unknown>).lineItems = [{ ...a.cart.lineItems[0], price: null }];
    expect(compareShapes(golden, a)).toEqual([{ path: "cart.lineItems[].price", kind: "null", expected: "object", actual: "null" }]);
    const typings = { enums: new Map(), nullable: new Set(["price"]) };
    expect(compareShapes(golden, a, { typings })).toEqual([]);
  });

  it("names an empty array where Wix answers elements (their fields could not be compared)", () => {
    const a = answer();
    a.cart.lineItems = [];
    expect(compareShapes(golden, a)).toEqual([{ path: "cart.lineItems", kind: "empty", expected: "array", actual: "array" }]);
    const g = shapeOf({ lines: [{ tags: ["a"] }, { tags: [] }] });
    expect(compareShapes(g, { lines: [{ tags: [] }, { tags: [] }] })).toEqual([
      { path: "lines[].tags", kind: "empty", expected: "array", actual: "array" },
    ]);
  });

  it("checks values the docs fix: an enum's members (typings), GUID ids, ISO 8601 dates, decimal amounts", () => {
    const g = shapeOf({ id: "x", status: "PAID", createdDate: "d", total: { amount: "1" }, items: [{ catalogItemId: "x" }] });
    const typings = { enums: new Map([["status", new Set(["PAID", "NOT_PAID"])]]), nullable: new Set<string>() };
    const good = {
      id: GUID_A,
      status: "NOT_PAID",
      createdDate: "2026-12-01T10:00:00.000Z",
      total: { amount: "12.50" },
      items: [{ catalogItemId: GUID_B }],
    };
    expect(compareShapes(g, good, { typings })).toEqual([]);
    const bad = {
      id: "commande-1",
      status: "PAYED",
      createdDate: "01/12/2026",
      total: { amount: "12,50" },
      items: [{ catalogItemId: GUID_B }, { catalogItemId: "prod-livre" }],
    };
    expect(compareShapes(g, bad, { typings })).toEqual([
      { path: "createdDate", kind: "value", rule: "date", value: "01/12/2026" },
      { path: "id", kind: "value", rule: "guid", value: "commande-1" },
      { path: "items[].catalogItemId", kind: "value", rule: "guid", value: "prod-livre" },
      { path: "status", kind: "value", rule: "enum", value: "PAYED" },
      { path: "total.amount", kind: "value", rule: "decimal", value: "12,50" },
    ]);
  });
});

describe("parseTypings (the SDK's REST typings: enums and nullable fields)", () => {
  const source = `declare enum PaymentStatus {
    PAID = "PAID"
}
type PaymentStatusWithLiterals = PaymentStatus | 'UNSPECIFIED' | 'PAID' | 'NOT_PAID';
interface Order {
    paymentStatus?: PaymentStatusWithLiterals;
    tags?: PaymentStatusWithLiterals[];
    note?: string | null;
    name?: string;
}
interface Other {
    name?: PaymentStatusWithLiterals;
}`;
  it("maps a field typed with an enum to its members, and a field declared `| null` as nullable", () => {
    const t = parseTypings(source);
    expect([...t.enums.get("paymentStatus")!]).toEqual(["UNSPECIFIED", "PAID", "NOT_PAID"]);
    expect(t.enums.has("tags")).toBe(true);
    expect(t.nullable.has("note")).toBe(true);
    expect(t.nullable.has("paymentStatus")).toBe(false);
  });

  it("leaves unchecked a field that is an enum in one message and free text in another", () => {
    expect(parseTypings(source).enums.has("name")).toBe(false);
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
