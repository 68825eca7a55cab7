// Replay of a public headless storefront written by others: Wix's own headless components for Catalog V3 and Cart V1,
// https://github.com/wix-incubator/headless-components at commit bbe0c3dc891865c45f4107a96b5d4079e29bbbad
// (packages/headless-components/stores/src/services: categories-list-service.ts, products-list-service.ts,
// product-service.ts, selected-variant-service.ts; packages/headless-components/ecom/src/services:
// current-cart-service.ts, checkout-service.ts). Each step is the SDK call that code makes, with its own arguments
// (its URL parsing rewritten as the search options it builds); the storefront's own code is not copied here.
// Wix refuses one step to a visitor, and so does the platform: the "Buy now" checkout.createCheckout.
import { describe, expect, it } from "vitest";
import { createClient, OAuthStrategy } from "@wix/sdk";
import { customizationsV3, inventoryItemsV3, productsV3, readOnlyVariantsV3 } from "@wix/stores";
import { categories } from "@wix/categories";
import { checkout, currentCart } from "@wix/ecom";
import { redirects } from "@wix/redirects";
import { APP_ORIGIN, clientId, isWix, rejection, usePlatform } from "./harness";

usePlatform({ catalogVersion: "V3_CATALOG" });

const STORES_APP_ID = "215238eb-22a5-4c36-9e7b-e7c08025e04e";
const DEFAULT_QUERY_LIMIT = 100;

async function storefront() {
  const client = createClient({
    modules: { categories, customizationsV3, productsV3, readOnlyVariantsV3, inventoryItemsV3, currentCart, checkout, redirects },
    auth: OAuthStrategy({ clientId }),
  });
  client.auth.setTokens(await client.auth.generateVisitorTokens());
  return client;
}
type Storefront = Awaited<ReturnType<typeof storefront>>;

/** The aggregations parseUrlToSearchOptions adds to every search (products-list-service.ts). */
const AGGREGATIONS = [
  { name: "minPrice", fieldPath: "actualPriceRange.minValue.amount", type: "SCALAR" as const, scalar: { type: "MIN" as const } },
  { name: "maxPrice", fieldPath: "actualPriceRange.maxValue.amount", type: "SCALAR" as const, scalar: { type: "MAX" as const } },
  {
    name: "optionNames",
    fieldPath: "options.name",
    type: productsV3.SortType.VALUE,
    value: { limit: 20, sortType: productsV3.SortType.VALUE, sortDirection: productsV3.SortDirection.ASC },
  },
  {
    name: "choiceNames",
    fieldPath: "options.choicesSettings.choices.name",
    type: productsV3.SortType.VALUE,
    value: { limit: 50, sortType: productsV3.SortType.VALUE, sortDirection: productsV3.SortDirection.ASC },
  },
  {
    name: "inventoryStatus",
    fieldPath: "inventory.availabilityStatus",
    type: productsV3.SortType.VALUE,
    value: { limit: 10, sortType: productsV3.SortType.VALUE, sortDirection: productsV3.SortDirection.ASC },
  },
];

type Aggregations = NonNullable<Awaited<ReturnType<Storefront["productsV3"]["searchProducts"]>>["aggregationData"]>;
const scalar = (a: Aggregations, fieldPath: string) => Number(a.results!.find((r) => r.fieldPath === fieldPath)?.scalar?.value);
const values = (a: Aggregations, name: string) => a.results!.find((r) => r.name === name)!.values!.results!.map((v) => v.value);
const amount = (p: { actualPriceRange?: { minValue?: { amount?: string } } }) => Number(p.actualPriceRange?.minValue?.amount);

describe.skipIf(isWix)("wix-incubator/headless-components (Catalog V3, Cart V1), replayed on the embedded platform", () => {
  it("the category list: visible Stores categories, All Products among them", async () => {
    const c = await storefront();
    const { items } = await c.categories
      .queryCategories({ treeReference: { appNamespace: "@wix/stores", treeKey: null } })
      .eq("visible", true)
      .find();
    expect(items.map((cat) => cat.slug)).toEqual(expect.arrayContaining(["all-products", "goodies", "livres"]));
  });

  it("the product list of /goodies?minPrice=10&maxPrice=30&Couleur=Noir: customizations, both searches, their variants", async () => {
    const c = await storefront();
    // loadProductsListServiceConfig: the customizations first.
    const { items: customizations } = await c.customizationsV3.queryCustomizations().find();
    const couleur = customizations.find(
      (x) => x.name === "Couleur" && x.customizationType === customizationsV3.CustomizationType.PRODUCT_OPTION,
    );
    const noir = couleur?.choicesSettings?.choices?.find((choice) => choice.name === "Noir");
    expect(noir?._id).toEqual(expect.any(String));
    const { items: cats } = await c.categories
      .queryCategories({ treeReference: { appNamespace: "@wix/stores", treeKey: null } })
      .eq("visible", true)
      .find();
    const goodies = cats.find((cat) => cat.slug === "goodies")!;

    // parseUrlToSearchOptions: category, price range (numbers), the option's choice ids, then the aggregations.
    const searchOptions = {
      cursorPaging: { limit: DEFAULT_QUERY_LIMIT },
      filter: {
        "allCategoriesInfo.categories": { $matchItems: [{ _id: { $in: [goodies._id] } }] },
        "actualPriceRange.minValue.amount": { $gte: 10 },
        "actualPriceRange.maxValue.amount": { $lte: 30 },
        "options.choicesSettings.choices.choiceId": { $hasSome: [noir!._id] },
      },
      aggregations: AGGREGATIONS,
    };
    const [withoutFilter, withFilter] = await Promise.all([
      c.productsV3.searchProducts({ ...searchOptions, filter: {} } as never),
      c.productsV3.searchProducts(searchOptions as never),
    ]);

    // The price slider's bounds and the option filters come from the unfiltered search's aggregations.
    const all = withoutFilter.products!;
    const aggregations = withoutFilter.aggregationData!;
    expect(scalar(aggregations, "actualPriceRange.minValue.amount")).toBe(Math.min(...all.map(amount)));
    expect(scalar(aggregations, "actualPriceRange.maxValue.amount")).toBe(
      Math.max(...all.map((p) => Number(p.actualPriceRange?.maxValue?.amount))),
    );
    expect(values(aggregations, "optionNames")).toEqual(expect.arrayContaining(["Couleur", "Taille"]));
    expect(values(aggregations, "choiceNames")).toEqual(expect.arrayContaining(["Noir", "M"]));
    expect(values(aggregations, "inventoryStatus")).toContain("IN_STOCK");

    // The filtered list: exactly the goodies between 10 and 30 € offered in black (checked against every product
    // with its categories, a read of this test's own, not a step of the storefront).
    const { products: everything } = await c.productsV3.searchProducts(
      { cursorPaging: { limit: 100 } },
      { fields: ["ALL_CATEGORIES_INFO"] },
    );
    const expected = everything!
      .filter((p) => p.allCategoriesInfo?.categories?.some((cat) => cat._id === goodies._id))
      .filter((p) => amount(p) >= 10 && Number(p.actualPriceRange?.maxValue?.amount) <= 30)
      .filter((p) => p.options?.some((o) => o.choicesSettings?.choices?.some((choice) => choice.choiceId === noir!._id)))
      .map((p) => p.slug);
    expect(expected.length).toBeGreaterThan(0);
    expect(withFilter.products!.map((p) => p.slug).sort()).toEqual([...expected].sort());
    expect(withFilter.products!.map((p) => p.slug)).toContain("t-shirt-typescript");

    // fetchMissingVariants: every variant of the listed products, one query paged with hasNext/next (the storefront
    // passes an empty options object, `queryVariants({})`, which the SDK's builder takes as no option).
    const ids = withFilter.products!.map((p) => p._id!);
    let page = await c.readOnlyVariantsV3.queryVariants().in("productData.productId", ids).limit(DEFAULT_QUERY_LIMIT).find();
    const variants = [...page.items];
    while (page.hasNext()) {
      page = await page.next();
      variants.push(...page.items);
    }
    expect(new Set(variants.map((v) => v.productData?.productId))).toEqual(new Set(ids));
  });

  it("the product page: by slug with its ten fields, then the chosen variant's inventory item", async () => {
    const c = await storefront();
    const { product } = await c.productsV3.getProductBySlug("t-shirt-typescript", {
      fields: [
        "DESCRIPTION",
        "DIRECT_CATEGORIES_INFO",
        "BREADCRUMBS_INFO",
        "INFO_SECTION",
        "MEDIA_ITEMS_INFO",
        "PLAIN_DESCRIPTION",
        "THUMBNAIL",
        "URL",
        "VARIANT_OPTION_CHOICE_NAMES",
        "WEIGHT_MEASUREMENT_UNIT_INFO",
      ] as never,
    });
    const variant = product!.variantsInfo!.variants!.find((v) =>
      v.choices?.every((ch) => ["M", "Noir"].includes(ch.optionChoiceNames?.choiceName ?? "")),
    )!;
    expect(variant._id).toEqual(expect.any(String));
    const { items } = await c.inventoryItemsV3.queryInventoryItems().eq("variantId", variant._id).find();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ trackQuantity: true, quantity: expect.any(Number) });
  });

  it("the cart: no cart yet, add the variant, totals, quantity, coupon on and off, note, checkout and its redirect", async () => {
    const c = await storefront();
    // loadCurrentCartServiceConfig: a visitor without a cart gets OWNED_CART_NOT_FOUND, read as an empty cart.
    const none = await rejection(() => c.currentCart.getCurrentCart());
    expect(none.details?.applicationError?.code).toBe("OWNED_CART_NOT_FOUND");

    const { product } = await c.productsV3.getProductBySlug("t-shirt-typescript", { fields: ["VARIANT_OPTION_CHOICE_NAMES"] as never });
    const variant = product!.variantsInfo!.variants!.find((v) =>
      v.choices?.every((ch) => ["M", "Noir"].includes(ch.optionChoiceNames?.choiceName ?? "")),
    )!;
    // createLineItems: the variant, and preOrderRequested from its inventory status.
    const lineItems = [
      {
        catalogReference: {
          catalogItemId: product!._id!,
          appId: STORES_APP_ID,
          options: { variantId: variant._id, preOrderRequested: !!variant.inventoryStatus?.preorderEnabled },
        },
        quantity: 1,
      },
    ];
    const { cart } = await c.currentCart.addToCurrentCart({ lineItems });
    expect(cart!.lineItems).toHaveLength(1);
    const totals = await c.currentCart.estimateCurrentCartTotals();
    expect(Number(totals.priceSummary!.total!.amount)).toBeGreaterThan(0);

    const line = cart!.lineItems![0]!._id!;
    const more = await c.currentCart.updateCurrentCartLineItemQuantity([{ _id: line, quantity: 2 }]);
    expect(more.cart!.lineItems![0]!.quantity).toBe(2);

    // applyCoupon / removeCoupon: updateCurrentCart({couponCode}), then removeCouponFromCurrentCart and a re-read.
    const withCoupon = await c.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10" });
    expect(withCoupon.appliedDiscounts?.[0]?.coupon?.code).toBe("BIENVENUE10");
    const unknown = await rejection(() => c.currentCart.updateCurrentCart({ couponCode: "INCONNU" }));
    expect(unknown.details?.applicationError?.code).toBe("ERROR_COUPON_DOES_NOT_EXIST");
    await c.currentCart.removeCouponFromCurrentCart();
    expect((await c.currentCart.getCurrentCart()).appliedDiscounts ?? []).toEqual([]);

    // proceedToCheckout: the buyer's note, the checkout, the redirect session.
    const noted = await c.currentCart.updateCurrentCart({ cartInfo: { buyerNote: "Livrer en semaine" } });
    expect(noted.buyerNote).toBe("Livrer en semaine");
    const { checkoutId } = await c.currentCart.createCheckoutFromCurrentCart({ channelType: checkout.ChannelType.WEB });
    expect(checkoutId).toEqual(expect.any(String));
    const { redirectSession } = await c.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId! },
      preferences: { useGenericWixPages: false },
      callbacks: { postFlowUrl: `${APP_ORIGIN}/products/t-shirt-typescript`, cartPageUrl: `${APP_ORIGIN}/cart` },
    });
    expect(redirectSession!.fullUrl).toMatch(/^http:\/\/localhost:3000\/_platform\/checkout/);

    // removeLineItem.
    const emptied = await c.currentCart.removeLineItemsFromCurrentCart([line]);
    expect(emptied.cart!.lineItems).toEqual([]);
  });

  it("Buy now (checkout.createCheckout) as a visitor is refused, as Wix documents it for an elevated caller only", async () => {
    // "This method may require higher-level permissions than the caller has" (SDK) / "This function requires elevated
    // permissions and runs only on the backend" (Velo): https://dev.wix.com/docs/sdk/api-reference/ecom/checkout/create-checkout,
    // https://dev.wix.com/docs/velo/apis/wix-ecom-backend/checkout/create-checkout.
    const c = await storefront();
    const { product } = await c.productsV3.getProductBySlug("mug-it-works", {});
    const refused = await rejection(() =>
      c.checkout.createCheckout({
        lineItems: [{ catalogReference: { catalogItemId: product!._id!, appId: STORES_APP_ID }, quantity: 1 }],
        channelType: checkout.ChannelType.WEB,
      }),
    );
    expect(refused.details?.applicationError?.code).toBe("PERMISSION_DENIED");
  });
});
