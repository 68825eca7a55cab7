// The owner's shop writes on a Catalog V3 site through the real SDK and the site's API key (productsV3.updateProduct,
// inventoryItemsV3.updateInventoryItem and bulkIncrementInventoryItems): what a visitor then reads, the events the
// app's cache follows, and Wix's refusals (a visitor's token, an untracked stock, a variant of another product).
import { describe, expect, it } from "vitest";
import { ApiKeyStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import { inventoryItemsV3, productsV3 } from "@wix/stores";
import { clientId, rejection, seedProduct, usePlatformCapturingWebhooks } from "./harness";

const API_KEY = "owner-shop-v3-api-key-0123456789abcdef";
const { ctx, received: events } = usePlatformCapturingWebhooks({ catalogVersion: "V3_CATALOG", apiKey: API_KEY });
const owner = createClient({ modules: { productsV3, inventoryItemsV3 }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: "" }) });
const visitor = createClient({ modules: { productsV3, inventoryItemsV3 }, auth: OAuthStrategy({ clientId }) });

const BOOK = seedProduct("livre-git").id;
const SHIRT = seedProduct("t-shirt-typescript").id;
/** The event types the platform delivered so far (its outbox flushed first). */
async function eventTypes(): Promise<string[]> {
  await ctx.platform.flushWebhooks();
  return events.map((jwt) => JSON.parse(JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).data).eventType);
}

describe("a product's price, ribbon and visibility", () => {
  it("a new price with a price before shows to visitors as the price and the compare-at price", async () => {
    const product = await owner.productsV3.getProduct(BOOK);
    const variants = (product.variantsInfo?.variants ?? []).map((v) => ({
      _id: v._id!,
      price: { actualPrice: { amount: "19.90" }, compareAtPrice: { amount: "24.00" } },
    }));
    const updated = await owner.productsV3.updateProduct(BOOK, {
      revision: product.revision!,
      ribbon: { name: "Promo" },
      variantsInfo: { variants },
    } as Parameters<typeof owner.productsV3.updateProduct>[1]);
    expect(updated.ribbon?.name).toBe("Promo");
    const seen = await visitor.productsV3.getProduct(BOOK);
    expect(seen.actualPriceRange?.minValue?.amount).toBe("19.90");
    expect(seen.compareAtPriceRange?.minValue?.amount).toBe("24.00");
    expect(await eventTypes()).toContain("wix.stores.catalog.v3.product_updated");
  });

  it("a hidden product is gone for visitors and still listed for the owner", async () => {
    const product = await owner.productsV3.getProduct(BOOK);
    await owner.productsV3.updateProduct(BOOK, { revision: product.revision!, visible: false } as Parameters<
      typeof owner.productsV3.updateProduct
    >[1]);
    expect((await rejection(() => visitor.productsV3.getProduct(BOOK))).details?.applicationError?.code).toBe("PRODUCT_NOT_FOUND");
    const listed = await owner.productsV3.queryProducts().limit(100).find();
    expect(listed.items.map((p) => p._id)).toContain(BOOK);
    await owner.productsV3.updateProduct(BOOK, { revision: product.revision!, visible: true } as Parameters<
      typeof owner.productsV3.updateProduct
    >[1]);
    expect((await visitor.productsV3.getProduct(BOOK))._id).toBe(BOOK);
  });

  it("a visitor's token may not change a product, and a variant of another product is refused", async () => {
    const product = await owner.productsV3.getProduct(BOOK);
    const denied = await rejection(() =>
      visitor.productsV3.updateProduct(BOOK, { revision: product.revision!, visible: false } as Parameters<
        typeof visitor.productsV3.updateProduct
      >[1]),
    );
    expect(denied.details?.applicationError?.code).toBe("PERMISSION_DENIED");
    const shirt = await owner.productsV3.getProduct(SHIRT);
    const foreign = await rejection(() =>
      owner.productsV3.updateProduct(BOOK, {
        revision: product.revision!,
        variantsInfo: { variants: [{ _id: shirt.variantsInfo!.variants![0]!._id!, price: { actualPrice: { amount: "1.00" } } }] },
      } as Parameters<typeof owner.productsV3.updateProduct>[1]),
    );
    expect(foreign.details?.applicationError?.code).toBe("VARIANTS_ARE_NOT_ALIGNED_WITH_PRODUCT");
  });
});

describe("a variant's stock", () => {
  it("a level set, then an arrival added: the visitor reads the sum", async () => {
    const items = (await owner.inventoryItemsV3.queryInventoryItems().eq("productId", SHIRT).find()).items;
    const item = items[0]!;
    await owner.inventoryItemsV3.updateInventoryItem(item._id!, { revision: item.revision!, trackQuantity: true, quantity: 2 });
    await owner.inventoryItemsV3.bulkIncrementInventoryItems([{ inventoryItemId: item._id!, incrementBy: 5 }]);
    const seen = await visitor.inventoryItemsV3.getInventoryItem(item._id!);
    expect(seen.quantity).toBe(7);
    expect(await eventTypes()).toContain("wix.stores.catalog.v3.inventory_item_updated");
  });

  it("a negative level and a visitor's token are refused", async () => {
    const item = (await owner.inventoryItemsV3.queryInventoryItems().eq("productId", SHIRT).find()).items[0]!;
    const negative = await rejection(() =>
      owner.inventoryItemsV3.updateInventoryItem(item._id!, { revision: item.revision!, quantity: -1 }),
    );
    expect(negative.details?.validationError?.fieldViolations?.[0]?.field).toBe("inventoryItem.quantity");
    const denied = await rejection(() =>
      visitor.inventoryItemsV3.bulkIncrementInventoryItems([{ inventoryItemId: item._id!, incrementBy: 1 }]),
    );
    expect(denied.details?.applicationError?.code).toBe("PERMISSION_DENIED");
  });
});
