// Cart V2's line items: catalog items read from hostile input, then added, removed or given a new quantity, each
// call checked whole before anything changes. Refusals use the codes of the SDK's typings (cart-v2.ts says which).
import type { Ctx } from "../../core/context";
import { STORES_APP_ID } from "../../core/context";
import type { FieldViolation } from "../../core/http";
import { appError, asObject, asString, validationError } from "../../core/http";
import { availableQuantity, isInStock, loadProduct } from "../../stores/catalog-store";
import type { PricedLine } from "../pricing/pricing";
import { priceLine } from "../pricing/pricing";
import type { CartRow } from "./cart-store";
import { addLines, cartLines, checkQuantity, deleteLines, setLineQuantities, variantOf } from "./cart-store";

/** Cart V2's bounds (typings: `requestedQuantity` 1..100000, `lineItems` maxSize 300). */
const MAX_V2_QUANTITY = 100000;
export const MAX_LINES = 300;

export function priced(ctx: Ctx, cart: CartRow): PricedLine[] {
  return cartLines(ctx, cart.id).map((l) => priceLine(ctx, l));
}

export interface CatalogItem {
  index: number;
  productId: string;
  options: Record<string, unknown> | null;
  reference: Record<string, unknown>;
  quantity: number;
}

const checkQuantityV2 = (q: unknown, field: string, violations: FieldViolation[]) => checkQuantity(q, field, violations, MAX_V2_QUANTITY);

/**
 * `catalogItems` (CatalogItemInput) from hostile input. Custom line items and catalog overrides set prices the
 * catalog does not: refused to buyers (overrides are the site's own business, custom items are not imitated).
 */
export function parseCatalogItems(body: Record<string, unknown>, elevated: boolean): CatalogItem[] {
  const violations: FieldViolation[] = [];
  if (Array.isArray(body.customItems) && body.customItems.length)
    violations.push({ field: "customItems", description: "custom line items are not supported", violatedRule: "FIELD_NOT_ALLOWED" });
  const raw = body.catalogItems;
  if (raw !== undefined && raw !== null && !Array.isArray(raw))
    violations.push({ field: "catalogItems", description: "must be an array", violatedRule: "FORMAT" });
  const list = Array.isArray(raw) ? raw : [];
  if (list.length > MAX_LINES)
    throw appError(400, "MAX_LINE_ITEMS_EXCEEDED", `Au plus ${MAX_LINES} articles par panier`, {
      requestCount: list.length,
      maxCount: MAX_LINES,
    });
  const out: CatalogItem[] = [];
  list.forEach((item, i) => {
    const o = asObject(item);
    const at = `catalogItems[${i}]`;
    if (!o) {
      violations.push({ field: at, description: "must be an object", violatedRule: "FORMAT" });
      return;
    }
    if (o.catalogOverrideFields !== undefined && o.catalogOverrideFields !== null && !elevated)
      violations.push({
        field: `${at}.catalogOverrideFields`,
        description: "is not allowed for this identity",
        violatedRule: "FIELD_NOT_ALLOWED",
      });
    const ref = asObject(o.catalogReference);
    const productId = asString(ref?.catalogItemId);
    if (!ref) violations.push({ field: `${at}.catalogReference`, description: "is required", violatedRule: "REQUIRED_FIELD" });
    else if (!productId || productId.length > 36)
      violations.push({
        field: `${at}.catalogReference.catalogItemId`,
        description: "must be 1 to 36 characters",
        violatedRule: "REQUIRED_FIELD",
      });
    if (ref && ref.appId !== STORES_APP_ID)
      violations.push({ field: `${at}.catalogReference.appId`, description: "must be the Wix Stores app id", violatedRule: "VALIDATION" });
    const options = ref?.options === undefined || ref?.options === null ? null : asObject(ref.options);
    if (ref && ref.options !== undefined && ref.options !== null && !options)
      violations.push({ field: `${at}.catalogReference.options`, description: "must be an object", violatedRule: "FORMAT" });
    if (o.quantity === undefined) violations.push({ field: `${at}.quantity`, description: "is required", violatedRule: "REQUIRED_FIELD" });
    const quantity = checkQuantityV2(o.quantity, `${at}.quantity`, violations);
    if (ref && productId) out.push({ index: i, productId, options: options ?? null, reference: { ...ref }, quantity });
  });
  if (violations.length) throw validationError(violations);
  return out;
}

interface ShortEntry {
  id: Record<string, unknown>;
  requestedQuantity: number;
  availableQuantity: number;
}

const insufficient = (entries: ShortEntry[]) =>
  appError(428, "INSUFFICIENT_INVENTORY", "Stock insuffisant pour la quantité demandée", { invalidItems: entries });

/**
 * Adds catalog items: every item must exist in the catalog (ITEM_NOT_FOUND_IN_CATALOG) and be in stock for the
 * quantity asked plus what the cart already holds (INSUFFICIENT_INVENTORY), all checked before anything changes.
 */
export function addCatalogItems(ctx: Ctx, cart: CartRow, items: CatalogItem[]): void {
  const missing: Record<string, unknown>[] = [];
  const wanted = new Map<string, { item: CatalogItem; total: number; available: number | null }>();
  const inCart = new Map(cartLines(ctx, cart.id).map((l) => [`${l.productId}|${l.variantId ?? ""}`, l.quantity]));
  for (const item of items) {
    const p = loadProduct(ctx, item.productId);
    const variant = p && p.visible ? variantOf(ctx, p, item.options ?? undefined) : "invalid";
    if (!p || variant === "invalid") {
      missing.push({ catalogReference: item.reference });
      continue;
    }
    const key = `${p.id}|${variant?.id ?? ""}`;
    const available = isInStock(p, variant) ? availableQuantity(p, variant) : 0;
    const seen = wanted.get(key);
    wanted.set(key, { item, total: (seen?.total ?? inCart.get(key) ?? 0) + item.quantity, available });
  }
  if (missing.length) throw appError(428, "ITEM_NOT_FOUND_IN_CATALOG", "Article introuvable dans le catalogue", { invalidItems: missing });
  const short = [...wanted.values()]
    .filter((w) => w.available !== null && w.total > w.available)
    .map((w) => ({ id: { catalogReference: w.item.reference }, requestedQuantity: w.total, availableQuantity: w.available! }));
  if (short.length) throw insufficient(short);
  const lineCount = new Set([...inCart.keys(), ...wanted.keys()]).size;
  if (lineCount > MAX_LINES)
    throw appError(400, "MAX_LINE_ITEMS_EXCEEDED", `Au plus ${MAX_LINES} articles par panier`, {
      requestCount: lineCount,
      maxCount: MAX_LINES,
    });
  addLines(
    ctx,
    cart,
    items.map((i) => ({ productId: i.productId, options: i.options, quantity: i.quantity })),
    MAX_V2_QUANTITY,
  );
}

export function removeLineItems(ctx: Ctx, cart: CartRow, body: Record<string, unknown>): void {
  const ids = body.lineItemIds;
  if (!Array.isArray(ids) || !ids.length)
    throw validationError([{ field: "lineItemIds", description: "must not be empty", violatedRule: "MIN_SIZE" }]);
  if (!ids.every((x) => typeof x === "string" && x.length <= 100))
    throw validationError([{ field: "lineItemIds", description: "must be a list of line item ids", violatedRule: "FORMAT" }]);
  const present = new Set(cartLines(ctx, cart.id).map((l) => l.id));
  const unknown = (ids as string[]).filter((id) => !present.has(id));
  if (unknown.length) throw appError(428, "LINE_ITEM_NOT_FOUND_IN_CART", "Ligne de panier introuvable", { lineItemIds: unknown });
  deleteLines(ctx, cart.id, ids as string[]);
}

/** `lineItems: [{lineItemId, quantity: {newQuantity}}]` (LineItemUpdate), checked whole before any change. */
export function updateLineItems(ctx: Ctx, cart: CartRow, body: Record<string, unknown>): void {
  const raw = body.lineItems;
  if (!Array.isArray(raw) || !raw.length)
    throw validationError([{ field: "lineItems", description: "must not be empty", violatedRule: "MIN_SIZE" }]);
  if (raw.length > MAX_LINES)
    throw validationError([{ field: "lineItems", description: `must contain at most ${MAX_LINES} items`, violatedRule: "MAX_SIZE" }]);
  const violations: FieldViolation[] = [];
  const updates: { id: string; quantity: number | null }[] = [];
  raw.forEach((item, i) => {
    const o = asObject(item);
    const id = asString(o?.lineItemId);
    if (!id) violations.push({ field: `lineItems[${i}].lineItemId`, description: "must not be empty", violatedRule: "REQUIRED_FIELD" });
    const q = asObject(o?.quantity);
    const quantity = q ? checkQuantityV2(q.newQuantity, `lineItems[${i}].quantity.newQuantity`, violations) : null;
    if (id) updates.push({ id, quantity });
  });
  if (violations.length) throw validationError(violations);
  const seen = new Set<string>();
  const dupes = updates.filter((u) => (seen.has(u.id) ? true : (seen.add(u.id), false))).map((u) => u.id);
  if (dupes.length)
    throw appError(400, "DUPLICATE_LINE_ITEM_UPDATES", "Ligne modifiée deux fois", { duplicateLineItemIds: [...new Set(dupes)] });
  const empty = updates.filter((u) => u.quantity === null).map((u) => u.id);
  if (empty.length) throw appError(400, "EMPTY_LINE_ITEM_UPDATES", "Aucune modification pour ces lignes", { lineItemIds: empty });
  const lines = new Map(priced(ctx, cart).map((l) => [l.ref.id, l]));
  const unknown = updates.filter((u) => !lines.has(u.id)).map((u) => u.id);
  if (unknown.length) throw appError(428, "LINE_ITEM_NOT_FOUND_IN_CART", "Ligne de panier introuvable", { lineItemIds: unknown });
  const short = updates
    .map((u) => ({ u, l: lines.get(u.id)! }))
    .filter(
      ({ u, l }) =>
        l.status === "NOT_FOUND" || (l.quantityAvailable !== null && u.quantity! > l.quantityAvailable) || l.status === "NOT_AVAILABLE",
    )
    .map(({ u, l }) => ({ id: { lineItemId: u.id }, requestedQuantity: u.quantity!, availableQuantity: l.quantityAvailable ?? 0 }));
  if (short.length) throw insufficient(short);
  setLineQuantities(
    ctx,
    cart.id,
    updates.map((u) => ({ id: u.id, quantity: u.quantity! })),
  );
}
