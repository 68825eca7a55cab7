// The owner's catalog writes, through the site's API key: a product's visibility, ribbon and price, and its stock (a
// level, or an arrival added to it), in each catalog version's own calls. V3: Update Product, Update Inventory Item,
// Bulk Increment Inventory Items (@wix/stores productsV3, inventoryItemsV3); V1: Update Product, Update Inventory
// Variants, Increment Inventory (products, inventory). Both write the one catalog store (catalog-store.ts) and emit
// the version's events, which the app's webhook turns into an emptied catalog cache on every replica.
import type { Ctx } from "../core/context";
import { requireElevated } from "../core/elevated";
import { appError, asObject, asString, notFound, validationError, type ApiRequest, type Router } from "../core/http";
import { bumpCatalog, DEFAULT_VARIANT_ID, loadProduct, soleVariantId, type ProductRec } from "./catalog-store";
import { productChanged } from "./catalog-events";
import { productWire } from "./catalog-wire";
import { registerForCatalog } from "./catalog-version";
import { fullProductV3, inventoryItemId, inventoryItemWire, projectProduct, variantsOf } from "./v3/wire";

const nowIso = () => new Date().toISOString();
const RIBBON_MAX = 30;
const QUANTITY_MAX = 99_999;

/** A price in cents from the wire's decimal amount ("39.90", 39.9); null when it is not a price. */
function cents(v: unknown): number | null {
  const n = typeof v === "string" && /^\d{1,7}(\.\d{1,2})?$/.test(v.trim()) ? Number(v) : typeof v === "number" ? v : NaN;
  return Number.isFinite(n) && n >= 0 && n < 10_000_000 ? Math.round(n * 100) : null;
}

function productOr404(ctx: Ctx, id: string): ProductRec {
  const p = loadProduct(ctx, id);
  if (!p) throw notFound("PRODUCT_NOT_FOUND", `Produit introuvable : ${id}`, { productId: id });
  return p;
}

/**
 * The price the buyer pays and, when higher, the price before (compare-at): stored as the catalog's base price and an
 * amount off, the one rule both versions' wires and the cart's pricing read. Variant prices follow the product's.
 */
function setPrice(ctx: Ctx, p: ProductRec, paidCents: number, compareAtCents: number | null): void {
  const base = compareAtCents !== null && compareAtCents > paidCents ? compareAtCents : paidCents;
  const off = (base - paidCents) / 100;
  ctx.db
    .prepare("UPDATE products SET price_cents = ?, discount_type = ?, discount_value = ? WHERE id = ?")
    .run(base, off > 0 ? "AMOUNT" : "NONE", off, p.id);
  ctx.db.prepare("UPDATE variants SET price_cents = NULL WHERE product_id = ?").run(p.id);
}

function touched(ctx: Ctx, p: ProductRec, fields: string[], variantId: string | null = null): void {
  ctx.db.prepare("UPDATE products SET last_updated = ? WHERE id = ?").run(nowIso(), p.id);
  bumpCatalog(ctx);
  productChanged(ctx, p.id, fields, variantId);
}

function quantityOf(v: unknown, field: string, min: number): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > QUANTITY_MAX)
    throw validationError([{ field, description: `must be an integer from ${min} to ${QUANTITY_MAX}`, violatedRule: "RANGE" }]);
  return v;
}

/** Sets the units of one variant (or of a product without options), tracking them from now on. */
function setQuantity(ctx: Ctx, p: ProductRec, variantId: string | null, quantity: number): void {
  if (p.options.length && variantId)
    ctx.db.prepare("UPDATE variants SET quantity = ? WHERE id = ? AND product_id = ?").run(quantity, variantId, p.id);
  else ctx.db.prepare("UPDATE products SET quantity = ? WHERE id = ?").run(quantity, p.id);
  if (!p.trackInventory) {
    ctx.db.prepare("UPDATE products SET track_inventory = 1 WHERE id = ?").run(p.id);
    // Every variant gets a level once the product is tracked: the ones not given start empty.
    ctx.db.prepare("UPDATE variants SET quantity = 0 WHERE product_id = ? AND quantity IS NULL").run(p.id);
  }
}

/** The variant a V1 or V3 id names on `p` (a product without options: its sole variant), or null. */
function variantOf(p: ProductRec, id: string | undefined): string | null | undefined {
  if (!p.options.length) return id === undefined || id === soleVariantId(p.id) || id === DEFAULT_VARIANT_ID ? null : undefined;
  return p.variants.find((v) => v.id === id)?.id;
}

// ---------------------------------------------------------------- Catalog V3

function updateProductV3(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "Update Product");
  const body = asObject(req.body.product) ?? {};
  const p = productOr404(ctx, req.params.productId!);
  if (!asString(body.revision))
    throw validationError([{ field: "product.revision", description: "must not be empty", violatedRule: "REQUIRED_FIELD" }]);
  const fields: string[] = [];
  if (typeof body.visible === "boolean") {
    ctx.db.prepare("UPDATE products SET visible = ? WHERE id = ?").run(body.visible ? 1 : 0, p.id);
    fields.push("visible");
  }
  if ("ribbon" in body) {
    const name = asString(asObject(body.ribbon)?.name)?.trim() ?? "";
    if (name.length > RIBBON_MAX)
      throw validationError([
        { field: "product.ribbon.name", description: `must be at most ${RIBBON_MAX} characters`, violatedRule: "MAX_LENGTH" },
      ]);
    ctx.db.prepare("UPDATE products SET ribbon = ? WHERE id = ?").run(name, p.id);
    fields.push("ribbon");
  }
  const variants = asObject(body.variantsInfo)?.variants;
  if (Array.isArray(variants)) {
    const known = new Set(variantsOf(p).map((v) => v.id));
    const prices = variants.map((raw, i) => {
      const v = asObject(raw) ?? {};
      if (!known.has(asString(v.id) ?? ""))
        throw appError(400, "VARIANTS_ARE_NOT_ALIGNED_WITH_PRODUCT", "Déclinaison inconnue de ce produit", { variantId: v.id ?? null });
      const price = asObject(v.price);
      const paid = cents(asObject(price?.actualPrice)?.amount);
      if (paid === null)
        throw validationError([
          { field: `product.variantsInfo.variants[${i}].price.actualPrice.amount`, description: "must be a price", violatedRule: "FORMAT" },
        ]);
      const compare =
        price?.compareAtPrice === undefined || price.compareAtPrice === null ? null : cents(asObject(price.compareAtPrice)?.amount);
      return `${paid}/${compare}`;
    });
    // The one catalog store keeps one price per product (catalog-store.ts): the variants must agree (platform/README.md).
    if (new Set(prices).size > 1)
      throw validationError([
        { field: "product.variantsInfo.variants", description: "every variant must have the same price here", violatedRule: "VALIDATION" },
      ]);
    if (prices.length) {
      const [paid, compare] = prices[0]!.split("/");
      setPrice(ctx, p, Number(paid), compare === "null" ? null : Number(compare));
      fields.push("price");
    }
  }
  if (fields.length) touched(ctx, p, fields);
  const fresh = loadProduct(ctx, p.id)!;
  return { product: projectProduct(fullProductV3(ctx, fresh, req.appOrigin), new Set(), true) };
}

/** The product and variant an inventory item id stands for (one item per variant at the site's one location). */
function itemOwner(ctx: Ctx, itemId: string): { p: ProductRec; variantId: string } | null {
  const row = ctx.db.prepare("SELECT id, product_id FROM variants").all() as Array<{ id: string; product_id: string }>;
  const found = row.find((v) => inventoryItemId(v.id) === itemId);
  if (found) return { p: loadProduct(ctx, found.product_id)!, variantId: found.id };
  const products = ctx.db.prepare("SELECT id FROM products WHERE options = '[]'").all() as Array<{ id: string }>;
  const sole = products.find((x) => inventoryItemId(soleVariantId(x.id)) === itemId);
  return sole ? { p: loadProduct(ctx, sole.id)!, variantId: soleVariantId(sole.id) } : null;
}

function itemWire(ctx: Ctx, productId: string, variantId: string) {
  const p = loadProduct(ctx, productId)!;
  return inventoryItemWire(
    p,
    variantsOf(p).find((v) => v.id === variantId)!,
  );
}

function updateInventoryItem(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "Update Inventory Item");
  const body = asObject(req.body.inventoryItem) ?? {};
  const id = req.params.inventoryItemId!;
  const owner = itemOwner(ctx, id);
  if (!owner) throw notFound("INVENTORY_ITEM_NOT_FOUND", `Article de stock introuvable : ${id}`, { inventoryItemId: id });
  if (!asString(body.revision))
    throw validationError([{ field: "inventoryItem.revision", description: "must not be empty", violatedRule: "REQUIRED_FIELD" }]);
  if (body.quantity !== undefined) {
    const quantity = quantityOf(body.quantity, "inventoryItem.quantity", 0);
    setQuantity(ctx, owner.p, variantOf(owner.p, owner.variantId) ?? null, quantity);
  } else if (body.trackQuantity === false) ctx.db.prepare("UPDATE products SET track_inventory = 0 WHERE id = ?").run(owner.p.id);
  if (body.quantity !== undefined || body.trackQuantity === false) touched(ctx, owner.p, ["stock"], owner.variantId);
  return { inventoryItem: itemWire(ctx, owner.p.id, owner.variantId) };
}

function bulkIncrementInventoryItems(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "Bulk Increment Inventory Items");
  const data = Array.isArray(req.body.incrementData) ? req.body.incrementData : [];
  if (!data.length || data.length > 100)
    throw validationError([{ field: "incrementData", description: "must hold 1 to 100 items", violatedRule: "MAX_SIZE" }]);
  const results = data.map((raw, i) => {
    const d = asObject(raw) ?? {};
    const id = asString(d.inventoryItemId) ?? "";
    const by = quantityOf(d.incrementBy, `incrementData[${i}].incrementBy`, 1);
    const owner = itemOwner(ctx, id);
    if (!owner) throw notFound("INVENTORY_ITEM_NOT_FOUND", `Article de stock introuvable : ${id}`, { inventoryItemId: id });
    // "trackQuantity must be true to allow for incrementing the quantity."
    if (!owner.p.trackInventory)
      throw appError(428, "INVENTORY_QUANTITY_NOT_TRACKED", "Le stock de cet article n'est pas suivi", { inventoryItemId: id });
    const variant = variantOf(owner.p, owner.variantId) ?? null;
    if (variant) ctx.db.prepare("UPDATE variants SET quantity = COALESCE(quantity, 0) + ? WHERE id = ?").run(by, variant);
    else ctx.db.prepare("UPDATE products SET quantity = COALESCE(quantity, 0) + ? WHERE id = ?").run(by, owner.p.id);
    touched(ctx, owner.p, ["stock"], owner.variantId);
    return {
      itemMetadata: { id, originalIndex: i, success: true },
      ...(req.body.returnEntity === true ? { item: itemWire(ctx, owner.p.id, owner.variantId) } : {}),
    };
  });
  return { results, bulkActionMetadata: { totalSuccesses: results.length, totalFailures: 0, undetailedFailures: 0 } };
}

// ---------------------------------------------------------------- Catalog V1

function updateProductV1(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "Update Product");
  const body = asObject(req.body.product) ?? {};
  const p = productOr404(ctx, req.params.id!);
  const fields: string[] = [];
  if (typeof body.visible === "boolean") {
    ctx.db.prepare("UPDATE products SET visible = ? WHERE id = ?").run(body.visible ? 1 : 0, p.id);
    fields.push("visible");
  }
  if (typeof body.ribbon === "string") {
    if (body.ribbon.trim().length > RIBBON_MAX)
      throw validationError([
        { field: "product.ribbon", description: `must be at most ${RIBBON_MAX} characters`, violatedRule: "MAX_LENGTH" },
      ]);
    ctx.db.prepare("UPDATE products SET ribbon = ? WHERE id = ?").run(body.ribbon.trim(), p.id);
    fields.push("ribbon");
  }
  const priceData = asObject(body.priceData);
  if (priceData) {
    const base = cents(priceData.price);
    if (base === null)
      throw validationError([{ field: "product.priceData.price", description: "must be a price", violatedRule: "FORMAT" }]);
    const discount = asObject(body.discount);
    const off = discount?.type === "AMOUNT" ? cents(discount.value) : discount === undefined || discount?.type === "NONE" ? 0 : null;
    if (off === null || off > base)
      throw validationError([
        { field: "product.discount", description: "must be NONE or an AMOUNT below the price", violatedRule: "VALIDATION" },
      ]);
    setPrice(ctx, p, base - off, off > 0 ? base : null);
    fields.push("price");
  }
  if (fields.length) touched(ctx, p, fields);
  return { product: productWire(ctx, loadProduct(ctx, p.id)!, req.appOrigin) };
}

/** V1's variant id of a product without options is the all-zero one; its items are the product's. */
function updateInventoryVariants(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "Update Inventory Variants");
  const body = asObject(req.body.inventoryItem) ?? {};
  const p = productOr404(ctx, req.params.productId!);
  const variants = Array.isArray(body.variants) ? body.variants : [];
  variants.forEach((raw, i) => {
    const v = asObject(raw) ?? {};
    const variant = variantOf(p, asString(v.variantId));
    if (variant === undefined)
      throw notFound("VARIANT_NOT_FOUND", `Déclinaison introuvable : ${String(v.variantId)}`, { variantId: v.variantId ?? null });
    if (v.quantity !== undefined)
      setQuantity(ctx, loadProduct(ctx, p.id)!, variant, quantityOf(v.quantity, `inventoryItem.variants[${i}].quantity`, 0));
  });
  // "Every call must explicitly set trackQuantity: omitted, it is treated as false" (the typings of the call).
  if (body.trackQuantity !== true) ctx.db.prepare("UPDATE products SET track_inventory = 0 WHERE id = ?").run(p.id);
  touched(ctx, p, ["stock"]);
  return {};
}

function incrementInventory(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "Increment Inventory");
  const data = Array.isArray(req.body.incrementData) ? req.body.incrementData : [];
  if (!data.length) throw validationError([{ field: "incrementData", description: "must not be empty", violatedRule: "REQUIRED_FIELD" }]);
  data.forEach((raw, i) => {
    const d = asObject(raw) ?? {};
    const p = productOr404(ctx, asString(d.productId) ?? "");
    const variant = variantOf(p, asString(d.variantId));
    if (variant === undefined) throw notFound("VARIANT_NOT_FOUND", `Déclinaison introuvable : ${String(d.variantId)}`, {});
    const by = quantityOf(d.incrementBy, `incrementData[${i}].incrementBy`, 1);
    if (variant) ctx.db.prepare("UPDATE variants SET quantity = COALESCE(quantity, 0) + ? WHERE id = ?").run(by, variant);
    else ctx.db.prepare("UPDATE products SET quantity = COALESCE(quantity, 0) + ? WHERE id = ?").run(by, p.id);
    touched(ctx, p, ["stock"], variant);
  });
  return {};
}

export function registerOwnerCatalog(router: Router, ctx: Ctx): void {
  const call = (handler: (ctx: Ctx, req: ApiRequest) => unknown) => (req: ApiRequest) => handler(ctx, req);
  registerForCatalog(router, ctx, "V3_CATALOG", [
    ["PATCH", "/stores/v3/products/:productId", call(updateProductV3)],
    ["PATCH", "/stores/v3/inventory-items/:inventoryItemId", call(updateInventoryItem)],
    ["POST", "/stores/v3/bulk/inventory-items/increment", call(bulkIncrementInventoryItems)],
  ]);
  registerForCatalog(router, ctx, "V1_CATALOG", [
    ["PATCH", "/stores/v1/products/:id", call(updateProductV1)],
    ["PATCH", "/stores/v2/inventoryItems/product/:productId", call(updateInventoryVariants)],
    ["POST", "/stores/v2/inventoryItems/increment", call(incrementInventory)],
  ]);
}
