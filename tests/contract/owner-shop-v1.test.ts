// The owner's shop on a Catalog V1 site and its coupons, through the real SDK and the site's API key: products.updateProduct
// (price and an amount off, ribbon, visibility), inventory.updateInventoryVariants and incrementInventory, then
// @wix/marketing coupons (create, query with uses, pause, delete) and what a buyer's Cart V2 then says of the code.
import { describe, expect, it } from "vitest";
import { createClient } from "@wix/sdk";
import { inventory, products } from "@wix/stores";
import { coupons } from "@wix/marketing";
import { makeClient, productBySlug, productRef, rejection, seedProduct, usePlatformWithOwner, type Client } from "./harness";

const { owner } = usePlatformWithOwner("owner-shop-v1-api-key-0123456789abcdef", { products, inventory, coupons });
const BOOK = seedProduct("livre-git").id;
const SHIRT = seedProduct("t-shirt-typescript").id;
const code = (e: { details?: { applicationError?: { code?: unknown } } }) => e.details?.applicationError?.code;
const reason = (e: { details?: { applicationError?: { data?: unknown } } }) =>
  (e.details?.applicationError?.data as { reason?: string })?.reason;

async function cartWithBook(client: Client, quantity = 1) {
  const p = await productBySlug(client, "livre-git");
  await client.currentCartV2.addLineItemsToCurrentCart({
    catalogItems: [{ catalogReference: productRef(p._id).catalogReference, quantity }],
  });
}

describe("Catalog V1: a product's price, ribbon, visibility and stock", () => {
  it("a price with an amount off shows to visitors as the discounted price, with the ribbon", async () => {
    await owner().products.updateProduct(BOOK, {
      ribbon: "Promo",
      priceData: { price: 24 },
      discount: { type: "AMOUNT", value: 4.1 },
    } as Parameters<ReturnType<typeof owner>["products"]["updateProduct"]>[1]);
    const seen = await productBySlug(makeClient(), "livre-git");
    expect(seen.priceData?.discountedPrice).toBe(19.9);
    expect(seen.priceData?.price).toBe(24);
    expect(seen.ribbon).toBe("Promo");
  });

  it("a variant's level set, then an arrival: the visitor's variant reads the sum; a visitor's token is refused", async () => {
    const { variants } = await owner().products.queryProductVariants(SHIRT);
    const variant = variants![0]!;
    await owner().inventory.updateInventoryVariants(SHIRT, { trackQuantity: true, variants: [{ variantId: variant._id!, quantity: 1 }] });
    await owner().inventory.incrementInventory([{ productId: SHIRT, variantId: variant._id!, incrementBy: 4 }]);
    const seen = await makeClient().products.queryProductVariants(SHIRT);
    expect(seen.variants!.find((v) => v._id === variant._id)!.stock?.quantity).toBe(5);
    const visitor = createClient({ modules: { inventory }, auth: makeClient().auth });
    expect(
      code(await rejection(() => visitor.inventory.incrementInventory([{ productId: SHIRT, variantId: variant._id!, incrementBy: 1 }]))),
    ).toMatch(/PERMISSION_DENIED|UNAUTHENTICATED/);
  });
});

describe("coupons", () => {
  const day = 86_400_000;

  it("a percentage created by the owner applies to a cart, counts its uses, and is refused once paused", async () => {
    const { _id: id } = await owner().coupons.createCoupon({
      name: "Printemps",
      code: "PRINTEMPS15",
      percentOffRate: 15,
      scope: { namespace: "stores" },
      startTime: String(Date.now() - day),
      limitPerCustomer: 1,
      usageLimit: 50,
    });
    const { coupons: listed } = await owner().coupons.queryCoupons({ filter: JSON.stringify({ "specification.code": "PRINTEMPS15" }) });
    expect(listed).toEqual([
      expect.objectContaining({
        _id: id,
        numberOfUsages: 0,
        expired: false,
        specification: expect.objectContaining({ percentOffRate: 15, limitPerCustomer: 1, usageLimit: 50, active: true }),
      }),
    ]);
    const buyer = makeClient();
    await cartWithBook(buyer);
    const { cart } = await buyer.currentCartV2.addCouponToCurrentCart({ code: "printemps15" });
    expect(cart!.coupons![0]!.code).toBe("PRINTEMPS15");

    await owner().coupons.updateCoupon(id!, { active: false });
    const { summary } = await buyer.currentCartV2.estimateCurrentCart({});
    expect(summary!.priceSummary?.discount?.amount ?? "0").toMatch(/^0(\.00)?$/);
    expect(summary!.violations).toEqual([expect.objectContaining({ code: "INVALID_COUPON_STATUS" })]);
    const other = makeClient();
    await cartWithBook(other);
    const refused = await rejection(() => other.currentCartV2.addCouponToCurrentCart({ code: "PRINTEMPS15" }));
    expect([code(refused), reason(refused)]).toEqual(["INVALID_COUPON_STATUS", "DISABLED"]);
  });

  it("an amount above a minimum subtotal is refused under it; a coupon not yet valid is refused; a deleted one does not exist", async () => {
    const { _id: id } = await owner().coupons.createCoupon({
      name: "Gros panier",
      code: "GROS10",
      moneyOffAmount: 10,
      minimumSubtotal: 500,
      startTime: String(Date.now() - day),
    });
    const buyer = makeClient();
    await cartWithBook(buyer);
    expect(reason(await rejection(() => buyer.currentCartV2.addCouponToCurrentCart({ code: "GROS10" })))).toBe("MIN_SUBTOTAL_NOT_REACHED");
    await owner().coupons.createCoupon({
      name: "Demain",
      code: "DEMAIN5",
      moneyOffAmount: 5,
      scope: { namespace: "stores" },
      startTime: String(Date.now() + day),
    });
    expect(reason(await rejection(() => buyer.currentCartV2.addCouponToCurrentCart({ code: "DEMAIN5" })))).toBe("INACTIVE");
    await owner().coupons.deleteCoupon(id!);
    expect(code(await rejection(() => buyer.currentCartV2.addCouponToCurrentCart({ code: "GROS10" })))).toBe("INVALID_COUPON_CODE");
  });

  it("Wix's required fields: no code, two kinds of discount, a code already used; a visitor may not create one", async () => {
    const invalid = await rejection(() =>
      owner().coupons.createCoupon({ name: "X", percentOffRate: 10, moneyOffAmount: 5, scope: { namespace: "stores" }, startTime: "1" }),
    );
    const fields = invalid.details?.validationError?.fieldViolations?.map((v) => v.field);
    expect(fields).toEqual(expect.arrayContaining(["specification.code", "specification.percentOffRate"]));
    const taken = await rejection(() =>
      owner().coupons.createCoupon({
        name: "Encore",
        code: "BIENVENUE10",
        percentOffRate: 10,
        scope: { namespace: "stores" },
        startTime: "1",
      }),
    );
    expect(taken.details?.validationError?.fieldViolations?.[0]?.field).toBe("specification.code");
    const visitor = createClient({ modules: { coupons }, auth: makeClient().auth });
    expect(code(await rejection(() => visitor.coupons.queryCoupons({})))).toMatch(/PERMISSION_DENIED|UNAUTHENTICATED/);
  });
});
