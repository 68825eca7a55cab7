import { describe, expect, it } from "vitest";
import { cartActionSchema } from "~/models/cart-forms";
import { availabilityProblem } from "~/models/availability";
import { acceptedQuantity } from "~/models/quantity";
import { optimisticCart } from "~/components/cart/optimistic";
import { optimisticCount } from "~/models/cart-intents";
import { parseForm } from "~/.server/http/form.server";
import { toCart, type SdkCart } from "~/.server/cart/cart.server";
import type { Cart } from "~/models/cart";
import { formData } from "../support/forms";

describe("cart action schema", () => {
  it("accepts a whole quantity from 0 (remove the line) to 99 for an update", () => {
    const result = parseForm(cartActionSchema, formData({ intent: "update", lineId: "line-1", quantity: " 3 " }));
    expect(result).toMatchObject({ ok: true, data: { intent: "update", lineId: "line-1", quantity: 3 } });
    const zero = parseForm(cartActionSchema, formData({ intent: "update", lineId: "line-1", quantity: "0" }));
    expect(zero).toMatchObject({ ok: true, data: { intent: "update", lineId: "line-1", quantity: 0 } });
  });

  it.each([
    ["-1", "La quantité doit être un nombre entier."],
    ["1.5", "La quantité doit être un nombre entier."],
    ["abc", "La quantité doit être un nombre entier."],
    ["100", "La quantité ne peut pas dépasser 99."],
    ["99999999999999999999", "La quantité ne peut pas dépasser 99."],
    ["", "La quantité doit être un nombre entier."],
  ])("refuses the quantity %j beside the field and keeps the typed value", (quantity, message) => {
    const result = parseForm(cartActionSchema, formData({ intent: "update", lineId: "line-1", quantity }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.quantity).toBe(message);
    expect(result.values.quantity).toBe(quantity);
  });

  it("refuses a missing or forged line id", () => {
    for (const lineId of ["", "../x", "a b", "x".repeat(101)]) {
      const result = parseForm(cartActionSchema, formData({ intent: "remove", lineId }));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fieldErrors.lineId).toBe("Article inconnu.");
    }
  });

  it("trims the coupon code and bounds it to 1-64 characters", () => {
    expect(parseForm(cartActionSchema, formData({ intent: "coupon", code: "  BIENVENUE10 " }))).toMatchObject({
      ok: true,
      data: { code: "BIENVENUE10" },
    });
    const empty = parseForm(cartActionSchema, formData({ intent: "coupon", code: "   " }));
    expect(empty.ok ? null : empty.fieldErrors.code).toBe("Saisissez un code promo.");
    const long = parseForm(cartActionSchema, formData({ intent: "coupon", code: "A".repeat(65) }));
    expect(long.ok ? null : long.fieldErrors.code).toBe("Le code promo ne doit pas dépasser 64 caractères.");
    expect(parseForm(cartActionSchema, formData({ intent: "coupon", code: "A".repeat(64) })).ok).toBe(true);
  });

  it("knows only its four intents", () => {
    expect(parseForm(cartActionSchema, formData({ intent: "remove-coupon" })).ok).toBe(true);
    const unknown = parseForm(cartActionSchema, formData({ intent: "empty-everything" }));
    expect(unknown.ok ? null : Object.keys(unknown.fieldErrors)).toEqual(["intent"]);
  });
});

describe("availability problems", () => {
  it("tells what to do for each status", () => {
    expect(availabilityProblem({ status: "AVAILABLE" })).toBeNull();
    expect(availabilityProblem({ status: "NOT_AVAILABLE", quantityAvailable: 0 })).toBe(
      "Plus disponible : retirez cet article pour commander",
    );
    expect(availabilityProblem({ status: "NOT_FOUND" })).toBe("Plus disponible : retirez cet article pour commander");
    expect(availabilityProblem({ status: "PARTIALLY_AVAILABLE", quantityAvailable: 3 })).toBe("Stock limité à 3 : réduisez la quantité");
    expect(availabilityProblem({ status: "AVAILABLE" }, true)).toBe("Plus disponible : retirez cet article pour commander");
  });
});

/** A Cart V2 as `currentCartV2` returns it (SDK shape: `_id`, no formatted amounts). */
const sdkCart: SdkCart = {
  _id: "cart-1",
  businessInfo: { currencyCode: "EUR" },
  coupons: [{ _id: "c1", code: "BIENVENUE10" }],
  lineItems: [
    {
      _id: "l1",
      quantityInfo: { requestedQuantity: 1, confirmedQuantity: 1 },
      source: { catalogReference: { catalogItemId: "p1" } },
      name: { original: "Livre TypeScript" },
      attributes: { url: "http://localhost/products/livre-typescript" },
      pricing: { unitPrice: { amount: "39.00" }, totalPrice: { amount: "39.00" } },
      status: "IN_STOCK",
    },
    {
      _id: "l2",
      quantityInfo: { requestedQuantity: 1, confirmedQuantity: 1, availableQuantity: 1 },
      source: { catalogReference: { catalogItemId: "p2" } },
      name: { original: "T-shirt" },
      attributes: { descriptionLines: [{ name: { original: "Couleur" }, colorInfo: { original: "Noir", code: "#000000" } }] },
      pricing: { unitPrice: { amount: "25.00" }, totalPrice: { amount: "25.00" } },
      status: "PARTIALLY_IN_STOCK",
    },
  ],
};

/** A form posted to the cart action and not settled yet, as useFetchers() shows it. */
const post = (fields: Record<string, string>, formAction = "/cart") => ({
  state: "submitting",
  formMethod: "POST",
  formAction,
  formData: formData(fields),
});

describe("optimistic cart", () => {
  const cart: Cart = toCart(sdkCart);

  it("maps the SDK's Cart V2 (colour shown, coupon and its id, prices formatted, V2 statuses; the line's own URL is not a product link)", () => {
    // Links come from the catalog (readCart adds them: tests/unit/catalog-readers.test.ts), never from the line URL.
    expect(cart.lines[0]!.url).toBeUndefined();
    expect(cart.couponId).toBe("c1");
    expect(cart.lines[0]!.unitPrice.formatted).toMatch(/39,00\s€/);
    expect(cart.lines[1]!.availability).toEqual({ status: "PARTIALLY_AVAILABLE", quantityAvailable: 1 });
    expect(cart.lines[1]!.options).toEqual([{ name: "Couleur", value: "Noir", color: "#000000" }]);
    expect(cart.couponCode).toBe("BIENVENUE10");
    expect(cart.itemCount).toBe(2);
  });

  it("shows a new quantity and its line price at once", () => {
    const view = optimisticCart(cart, [post({ intent: "update", lineId: "l1", quantity: "3" })]);
    expect(view.lines[0]).toMatchObject({ quantity: 3, pending: true, linePrice: { amount: "117.00" } });
    expect(view.lines[0]!.linePrice.formatted).toMatch(/117,00\s€/);
    expect(view.itemCount).toBe(4);
    expect(view.pending).toBe(true);
  });

  it("drops a removed line and a removed coupon", () => {
    const view = optimisticCart(cart, [post({ intent: "remove", lineId: "l2" }), post({ intent: "remove-coupon" })]);
    expect(view.visibleLines.map((l) => l.id)).toEqual(["l1"]);
    // The removed line stays mounted (hidden) until its fetcher settles.
    expect(view.lines.map((l) => [l.id, l.removing])).toEqual([
      ["l1", false],
      ["l2", true],
    ]);
    expect(view.couponCode).toBeUndefined();
    expect(view.itemCount).toBe(1);
  });

  it("hides a line updated to 0 at once, as a removal", () => {
    const view = optimisticCart(cart, [post({ intent: "update", lineId: "l1", quantity: "0" })]);
    expect(view.visibleLines.map((l) => l.id)).toEqual(["l2"]);
    expect(view.pending).toBe(true);
  });

  it("ignores refused quantities, unknown lines and settled fetchers (rollback)", () => {
    const view = optimisticCart(cart, [
      post({ intent: "update", lineId: "l1", quantity: "-1" }),
      post({ intent: "update", lineId: "nope", quantity: "5" }),
      { state: "loading", formData: undefined },
      { ...post({ intent: "remove", lineId: "l1" }), state: "idle" },
    ]);
    expect(view.lines.map((l) => l.quantity)).toEqual([1, 1]);
    expect(view.pending).toBe(false);
  });

  it("the header's count and the cart page read the same changes in flight", () => {
    const inFlight = [
      [post({ intent: "update", lineId: "l1", quantity: "4" })],
      [post({ intent: "remove", lineId: "l2" }), post({ intent: "update", lineId: "l1", quantity: "2" })],
      [post({ intent: "update", lineId: "l2", quantity: "0" }), post({ intent: "remove-coupon" })],
    ];
    const header = { count: cart.itemCount, lines: cart.lines };
    for (const submissions of inFlight) expect(optimisticCount(header, submissions)).toBe(optimisticCart(cart, submissions).itemCount);
  });

  it("adds what is being added to the count the session kept, with no line known", () => {
    const kept = { count: 3, lines: [] };
    expect(optimisticCount(kept, [])).toBe(3);
    expect(optimisticCount(kept, [post({ intent: "add", productId: "p", quantity: "2" })])).toBe(5);
    expect(optimisticCount(kept, [post({ intent: "remove", lineId: "l1" })])).toBe(3);
  });

  it("counts the header's items from the fetchers posting to /cart", () => {
    const lines = {
      count: 3,
      lines: [
        { id: "l1", quantity: 2 },
        { id: "l2", quantity: 1 },
      ],
    };
    expect(optimisticCount(lines, [])).toBe(3);
    expect(optimisticCount(lines, [post({ intent: "add", productId: "p", quantity: "4" })])).toBe(7);
    expect(optimisticCount(lines, [post({ intent: "update", lineId: "l1", quantity: "5" })])).toBe(6);
    expect(optimisticCount(lines, [post({ intent: "remove", lineId: "l2" })])).toBe(2);
    // Refused values, unknown lines, other actions and settled fetchers change nothing.
    expect(
      optimisticCount(lines, [post({ intent: "update", lineId: "l1", quantity: "1.5" }), post({ intent: "add", quantity: "abc" })]),
    ).toBe(3);
    expect(optimisticCount(lines, [post({ intent: "remove", lineId: "nope" }), post({ intent: "add", quantity: "2" }, "/checkout")])).toBe(
      3,
    );
    expect(
      optimisticCount(lines, [
        { state: "idle", formMethod: "POST", formAction: "/cart", formData: formData({ intent: "add", quantity: "2" }) },
      ]),
    ).toBe(3);
    expect(acceptedQuantity(null)).toBeNull();
  });
});
