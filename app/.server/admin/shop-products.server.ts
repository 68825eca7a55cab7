import { formatPrice } from "~/lib/money";
import type { Money } from "~/models/cart";
import { LOW_STOCK_MAX, type AdminProductDetail, type AdminProductRow, type ProductInput, type StockLine } from "~/models/shop-admin";
import { clearCatalogCache } from "../catalog/cache.server";
import { catalogVersion } from "../catalog/version.server";
import type { V1Product } from "../catalog/v1-shapes.server";
import { mapLoaderErrors } from "../wix/errors.server";
import { AdminRefusal } from "./actions.server";
import type { ElevatedClient } from "./elevated-client.server";
import { productHistory, recordChange } from "./shop-history.server";
import { isPlatformId } from "~/models/ids";
import { notFound } from "~/lib/http";

/**
 * The owner's products through the site's API key, in the calls of the catalog the site runs (decision 0036):
 * Catalog V3 reads products with `productsV3` and counts stock with `inventoryItemsV3` (one item per variant),
 * changes a product with Update Product and its stock with Update Inventory Item (a level) or Bulk Increment Inventory
 * Items (an arrival, added to what is left even if an order took some meanwhile); Catalog V1 does the same with
 * `products` (Update Product: price and an amount off, ribbon, visibility) and `inventory` (Update Inventory Variants,
 * Increment Inventory). After a change this process's catalog cache is emptied at once; the other replicas empty
 * theirs on the catalog event Wix sends (app/.server/wix/webhooks.server.ts).
 */

const PAGE = 100;
const euros = (amount: number) => ({ amount: amount.toFixed(2), formatted: formatPrice(amount.toFixed(2), "EUR") });
const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN);

// ---------------------------------------------------------------- the parts of the SDK's shapes read here (V1: catalog/v1-shapes)

type V3Amount = { amount?: string | null } | null | undefined;
interface V3ProductPart {
  _id?: string | null;
  name?: string | null;
  slug?: string | null;
  visible?: boolean | null;
  revision?: string | null;
  ribbon?: { name?: string | null } | null;
  actualPriceRange?: { minValue?: V3Amount } | null;
  compareAtPriceRange?: { minValue?: V3Amount } | null;
  variantsInfo?: {
    variants?: Array<{ _id?: string | null; choices?: Array<{ optionChoiceNames?: { choiceName?: string | null } | null }> | null }> | null;
  } | null;
}
interface V3ItemPart {
  _id?: string | null;
  variantId?: string | null;
  productId?: string | null;
  trackQuantity?: boolean | null;
  quantity?: number | null;
  inStock?: boolean | null;
  availabilityStatus?: string | null;
  product?: { variantName?: string | null } | null;
}

function prices(paid: number, before: number): { price: Money; compareAt?: Money } {
  return { price: euros(paid), ...(before > paid ? { compareAt: euros(before) } : {}) };
}

function v3Row(p: V3ProductPart, items: V3ItemPart[]): AdminProductRow {
  const paid = num(p.actualPriceRange?.minValue?.amount);
  const before = num(p.compareAtPriceRange?.minValue?.amount);
  return {
    id: p._id ?? "",
    name: p.name ?? "",
    slug: p.slug ?? "",
    visible: p.visible !== false,
    ribbon: p.ribbon?.name ?? "",
    ...prices(Number.isFinite(paid) ? paid : 0, Number.isFinite(before) ? before : 0),
    stock: items
      .filter((i) => i.productId === p._id)
      .map((i) => ({
        variantId: i.variantId ?? "",
        inventoryItemId: i._id ?? "",
        label: i.product?.variantName?.replaceAll(" | ", " · ") ?? "",
        quantity: i.trackQuantity ? (i.quantity ?? 0) : null,
        inStock: i.trackQuantity ? (i.quantity ?? 0) > 0 : i.inStock !== false,
      })),
  };
}

async function v3Items(admin: ElevatedClient, productId?: string): Promise<V3ItemPart[]> {
  let query = admin.inventoryItemsV3.queryInventoryItems().limit(1000);
  if (productId) query = query.eq("productId", productId);
  return (await query.find()).items as V3ItemPart[];
}

// ---------------------------------------------------------------- Catalog V1

function v1Row(p: V1Product, stock: StockLine[]): AdminProductRow {
  const before = p.priceData?.price ?? 0;
  const paid = p.priceData?.discountedPrice ?? before;
  return {
    id: p._id ?? "",
    name: p.name ?? "",
    slug: p.slug ?? "",
    visible: p.visible !== false,
    ribbon: p.ribbon ?? "",
    ...prices(paid, before),
    stock,
  };
}

/** Catalog V1's variant id of a product without options. */
const V1_SOLE_VARIANT = "00000000-0000-0000-0000-000000000000";

/** A V1 product's stock as one line (its total): the list and the dashboard read products, not variants. */
function v1Total(p: V1Product): StockLine[] {
  const tracked = p.stock?.trackInventory === true;
  return [
    {
      variantId: V1_SOLE_VARIANT,
      label: "",
      quantity: tracked ? (p.stock?.quantity ?? 0) : null,
      inStock: tracked ? (p.stock?.quantity ?? 0) > 0 : p.stock?.inStock !== false,
    },
  ];
}

async function v1Variants(admin: ElevatedClient, p: V1Product): Promise<StockLine[]> {
  const { variants } = await admin.products.queryProductVariants(p._id ?? "");
  const tracked = p.stock?.trackInventory === true;
  return (variants ?? []).map((v) => ({
    variantId: v._id ?? "",
    label: Object.values(v.choices ?? {}).join(" · "),
    quantity: tracked ? (v.stock?.quantity ?? 0) : null,
    inStock: tracked ? (v.stock?.quantity ?? 0) > 0 : v.stock?.inStock !== false,
  }));
}

// ---------------------------------------------------------------- reads

/** Every product of the catalog, hidden ones included, with its stock (first 100: a small shop). */
export async function listProducts(admin: ElevatedClient): Promise<AdminProductRow[]> {
  return mapLoaderErrors(async () => {
    if ((await catalogVersion()) === "V3_CATALOG") {
      const [found, items] = await Promise.all([admin.productsV3.queryProducts().limit(PAGE).find(), v3Items(admin)]);
      return (found.items as V3ProductPart[]).map((p) => v3Row(p, items));
    }
    const found = await admin.products.queryProducts().limit(PAGE).find();
    return (found.items as V1Product[]).map((p) => v1Row(p, v1Total(p)));
  });
}

export async function productDetail(admin: ElevatedClient, id: string): Promise<AdminProductDetail> {
  if (!isPlatformId(id)) notFound();
  return mapLoaderErrors(async () => {
    const history = productHistory(id);
    if ((await catalogVersion()) === "V3_CATALOG") {
      const [product, items] = await Promise.all([admin.productsV3.getProduct(id), v3Items(admin, id)]);
      const p = product as V3ProductPart;
      return { ...v3Row(p, items), revision: p.revision ?? "", history: await history };
    }
    const { product } = await admin.products.getProduct(id);
    const p = product as V1Product;
    const stock = p.productOptions?.length ? await v1Variants(admin, p) : v1Total(p);
    return { ...v1Row(p, stock), revision: "", history: await history };
  });
}

// ---------------------------------------------------------------- changes

const visibleWord = (v: boolean) => (v ? "visible" : "masqué");

/** Visibility, price and price before, ribbon: one call; the history says what moved. */
export async function updateProduct(admin: ElevatedClient, before: AdminProductDetail, input: ProductInput): Promise<string> {
  if ((await catalogVersion()) === "V3_CATALOG") {
    const price = {
      actualPrice: { amount: input.price.toFixed(2) },
      ...(input.compareAt ? { compareAtPrice: { amount: input.compareAt.toFixed(2) } } : {}),
    };
    await admin.productsV3.updateProduct(before.id, {
      revision: input.revision || before.revision,
      visible: input.visible,
      ribbon: { name: input.ribbon },
      variantsInfo: { variants: before.stock.map((s) => ({ _id: s.variantId, price })) },
    } as Parameters<ElevatedClient["productsV3"]["updateProduct"]>[1]);
  } else {
    const off = input.compareAt ? Math.round((input.compareAt - input.price) * 100) / 100 : 0;
    await admin.products.updateProduct(before.id, {
      visible: input.visible,
      ribbon: input.ribbon,
      priceData: { price: input.compareAt ?? input.price },
      discount: off > 0 ? { type: "AMOUNT", value: off } : { type: "NONE", value: 0 },
    } as Parameters<ElevatedClient["products"]["updateProduct"]>[1]);
  }
  clearCatalogCache();
  const changes = [
    before.visible !== input.visible ? `Produit ${visibleWord(input.visible)}` : "",
    Number(before.price.amount) !== input.price ? `Prix : ${before.price.formatted} → ${euros(input.price).formatted}` : "",
    Number(before.compareAt?.amount ?? 0) !== (input.compareAt ?? 0)
      ? `Prix barré : ${before.compareAt?.formatted ?? "aucun"} → ${input.compareAt ? euros(input.compareAt).formatted : "aucun"}`
      : "",
    before.ribbon !== input.ribbon ? `Ruban : ${before.ribbon || "aucun"} → ${input.ribbon || "aucun"}` : "",
  ].filter(Boolean);
  if (!changes.length) return "Rien n'a changé.";
  await recordChange(before.id, changes.join(" ; "));
  return `Produit enregistré : ${changes.join(" ; ")}.`;
}

/** A variant's stock: a level counted by the owner, or an arrival added to what is left. */
export async function changeStock(
  admin: ElevatedClient,
  product: AdminProductDetail,
  line: StockLine,
  change: { set: number } | { add: number },
): Promise<string> {
  const v3 = (await catalogVersion()) === "V3_CATALOG";
  if ("set" in change) {
    if (v3)
      await admin.inventoryItemsV3.updateInventoryItem(line.inventoryItemId!, {
        revision: product.revision,
        trackQuantity: true,
        quantity: change.set,
      });
    else
      await admin.inventory.updateInventoryVariants(product.id, {
        trackQuantity: true,
        variants: [{ variantId: line.variantId, quantity: change.set }],
      });
  } else if (line.quantity === null)
    throw new AdminRefusal("Le stock de cet article n'est pas compté : donnez d'abord un niveau de stock.");
  else if (v3)
    await admin.inventoryItemsV3.bulkIncrementInventoryItems([{ inventoryItemId: line.inventoryItemId!, incrementBy: change.add }]);
  else await admin.inventory.incrementInventory([{ productId: product.id, variantId: line.variantId, incrementBy: change.add }]);
  clearCatalogCache();
  const what = line.label ? `${product.name} (${line.label})` : product.name;
  const text = "set" in change ? `Stock ${what} : ${line.quantity ?? "non compté"} → ${change.set}` : `Arrivage ${what} : +${change.add}`;
  await recordChange(product.id, text);
  return `${text}.`;
}

export interface StockAlert {
  productId: string;
  name: string;
  label: string;
  quantity: number;
}

/**
 * The dashboard's stock lists: the counted variants at 0 (out of stock) and those at LOW_STOCK_MAX or fewer (low), by
 * product name. Null when the catalog cannot be read: the dashboard says so and shows the rest.
 */
export async function stockAlerts(admin: ElevatedClient): Promise<{ out: StockAlert[]; low: StockAlert[] } | null> {
  try {
    const rows = await listProducts(admin);
    const lines = rows.flatMap((p) =>
      p.stock.flatMap((s) => (s.quantity === null ? [] : [{ productId: p.id, name: p.name, label: s.label, quantity: s.quantity }])),
    );
    const byName = (a: StockAlert, b: StockAlert) => a.name.localeCompare(b.name, "fr") || a.label.localeCompare(b.label, "fr");
    return {
      out: lines.filter((l) => l.quantity <= 0).sort(byName),
      low: lines.filter((l) => l.quantity > 0 && l.quantity <= LOW_STOCK_MAX).sort(byName),
    };
  } catch {
    return null;
  }
}
