// A draft order as stored and priced: custom and catalog lines, the merchant's discounts and additional fees, the buyer
// and billing info. Prices include the site's VAT (taxIncludedInPrices), unless the draft is tax exempt.
import type { Ctx } from "../../core/context";
import { currency, newId, orderPrice, taxRatePercent } from "../../core/context";
import { appError, asObject, asString, validationError, type FieldViolation } from "../../core/http";
import { discountedCents, loadProduct } from "../../stores/catalog-store";
import { taxIncluded } from "../pricing/pricing";
import { STORES_APP_ID } from "../../core/context";

export interface DraftLine {
  id: string;
  name: string;
  quantity: number;
  /** Unit price with VAT, cents. */
  unitCents: number;
  itemType: string;
  catalogItemId?: string;
  descriptionLines: unknown[];
}

export interface DraftDiscount {
  id: string;
  amountCents?: number;
  /** Basis points (0.01 %). */
  basisPoints?: number;
  description: string;
  applied: boolean;
}

export interface DraftFee {
  id: string;
  name: string;
  code?: string;
  cents: number;
  taxable: boolean;
  applied: boolean;
}

export interface DraftData {
  lines: DraftLine[];
  discounts: DraftDiscount[];
  fees: DraftFee[];
  buyerInfo: Record<string, unknown>;
  billingInfo: Record<string, unknown>;
  taxExempt: boolean;
  /** The app that made the draft (the API key's identity). */
  createdBy: Record<string, unknown>;
}

export interface DraftRow {
  id: string;
  status: "DRAFT" | "COMMITTED";
  order_id: string | null;
  data: string;
  created_date: string;
  updated_date: string;
}

export function draftById(ctx: Ctx, id: string): DraftRow {
  const row = ctx.db.prepare("SELECT * FROM draft_orders WHERE id = ?").get(id) as DraftRow | undefined;
  if (!row) throw appError(404, "DRAFT_ORDER_DOES_NOT_EXIST", `Draft order ${id} does not exist`, { draftOrderId: id });
  return row;
}

const MAX_LINES = 300;
const MAX_AMOUNT = 1e15;

/** A decimal string amount ("650.00") to cents, or a violation on `field`. */
function readAmount(raw: unknown, field: string, out: FieldViolation[]): number {
  const amount = asString(asObject(raw)?.amount);
  if (amount === undefined || !/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) > MAX_AMOUNT) {
    out.push({ field, description: "must be a decimal string from 0 to 1e15", violatedRule: "DECIMAL_FORMAT" });
    return 0;
  }
  return Math.round(Number(amount) * 100);
}

function readQuantity(raw: unknown, field: string, out: FieldViolation[]): number {
  const q = raw === undefined ? 1 : Number(raw);
  if (!Number.isInteger(q) || q < 1 || q > 100_000) out.push({ field, description: "must be between 1 and 100000", violatedRule: "MAX" });
  return q;
}

/** The custom and catalog lines of a Create Draft Order or Add Line Items body; lines that fail are violations. */
export function readLines(ctx: Ctx, body: Record<string, unknown>, prefix: string): DraftLine[] {
  const out: FieldViolation[] = [];
  const custom = Array.isArray(body.customLineItems) ? body.customLineItems : [];
  const catalog = Array.isArray(body.catalogLineItems) ? body.catalogLineItems : [];
  if (custom.length > MAX_LINES || catalog.length > MAX_LINES)
    throw validationError([
      { field: `${prefix}customLineItems`, description: `must hold at most ${MAX_LINES} items`, violatedRule: "MAX_SIZE" },
    ]);
  const lines: DraftLine[] = [];
  custom.forEach((raw, i) => {
    const item = asObject(raw) ?? {};
    const field = `${prefix}customLineItems[${i}]`;
    const name = asString(asObject(item.productName)?.original) ?? "";
    if (!name || name.length > 200)
      out.push({ field: `${field}.productName.original`, description: "must be 1 to 200 characters", violatedRule: "MAX_LENGTH" });
    const unitCents = readAmount(item.price, `${field}.price.amount`, out);
    const quantity = readQuantity(item.quantity, `${field}.quantity`, out);
    const preset = asString(asObject(item.itemType)?.preset) ?? "UNRECOGNISED";
    lines.push({
      id: asString(item.id) ?? newId(),
      name,
      quantity,
      unitCents,
      itemType: preset,
      descriptionLines: Array.isArray(item.descriptionLines) ? item.descriptionLines.slice(0, 20) : [],
    });
  });
  catalog.forEach((raw, i) => {
    const item = asObject(raw) ?? {};
    const field = `${prefix}catalogLineItems[${i}]`;
    const ref = asObject(item.catalogReference);
    const productId = asString(ref?.catalogItemId);
    if (!productId || asString(ref?.appId) !== STORES_APP_ID) {
      out.push({ field: `${field}.catalogReference`, description: "must name a catalog item and its app", violatedRule: "REQUIRED_FIELD" });
      return;
    }
    const product = loadProduct(ctx, productId);
    if (!product || !product.visible)
      throw appError(428, "CATALOG_ITEM_NOT_FOUND", `Catalog item ${productId} was not found`, { catalogItemId: productId });
    const quantity = readQuantity(item.quantity, `${field}.quantity`, out);
    const unitCents =
      item.price !== undefined ? readAmount(item.price, `${field}.price.amount`, out) : discountedCents(product, product.priceCents);
    lines.push({
      id: asString(item.id) ?? newId(),
      name: product.name,
      quantity,
      unitCents,
      itemType: product.productType === "physical" ? "PHYSICAL" : "DIGITAL",
      catalogItemId: product.id,
      descriptionLines: [],
    });
  });
  if (out.length) throw validationError(out);
  const ids = new Set(lines.map((l) => l.id));
  if (ids.size !== lines.length) throw appError(400, "DUPLICATED_LINE_ITEM_IDS", "Line item ids must be unique", {});
  return lines;
}

/** Discount options (`DiscountOption`): exactly one of priceAmount and percentage ("0.01" to "100"). */
export function readDiscounts(raw: unknown, prefix: string): DraftDiscount[] {
  return readOptions(raw, `${prefix}discounts`, (d, field, out): DraftDiscount => {
    const type = asString(d.discountType);
    if (type !== "GLOBAL" && type !== "SPECIFIC_ITEMS" && type !== "SHIPPING")
      out.push({
        field: `${field}.discountType`,
        description: "must be GLOBAL, SPECIFIC_ITEMS or SHIPPING",
        violatedRule: "REQUIRED_FIELD",
      });
    else if (type !== "GLOBAL")
      out.push({ field: `${field}.discountType`, description: "only GLOBAL discounts are supported here", violatedRule: "VALIDATION" });
    const description = asString(d.description) ?? "";
    if (description.length > 200)
      out.push({ field: `${field}.description`, description: "must be at most 200 characters", violatedRule: "MAX_LENGTH" });
    const pct = asString(d.percentage);
    const hasAmount = d.priceAmount !== undefined;
    if (hasAmount === (pct !== undefined)) {
      out.push({ field: `${field}`, description: "must set exactly one of priceAmount and percentage", violatedRule: "ONE_OF" });
      return { id: newId(), description, applied: false };
    }
    if (pct !== undefined) {
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(pct) || Number(pct) < 0.01 || Number(pct) > 100)
        out.push({
          field: `${field}.percentage`,
          description: "must be between 0.01 and 100, at most 2 decimals",
          violatedRule: "DECIMAL_FORMAT",
        });
      return { id: newId(), basisPoints: Math.round(Number(pct) * 100), description, applied: d.applyToDraftOrder === true };
    }
    return {
      id: newId(),
      amountCents: readAmount(d.priceAmount, `${field}.priceAmount.amount`, out),
      description,
      applied: d.applyToDraftOrder === true,
    };
  });
}

/** Additional fee options (`AdditionalFeeOption`): a name of 1 to 50 characters and a price. */
export function readFees(raw: unknown, prefix: string): DraftFee[] {
  return readOptions(raw, `${prefix}additionalFees`, (f, field, out): DraftFee => {
    const name = asString(f.name) ?? "";
    if (!name || name.length > 50)
      out.push({ field: `${field}.name`, description: "must be 1 to 50 characters", violatedRule: "MAX_LENGTH" });
    const code = asString(f.code);
    if (code !== undefined && (!code || code.length > 100))
      out.push({ field: `${field}.code`, description: "must be 1 to 100 characters", violatedRule: "MAX_LENGTH" });
    return {
      id: newId(),
      name,
      ...(code ? { code } : {}),
      cents: readAmount(f.price, `${field}.price.amount`, out),
      taxable: asObject(f.taxDetails)?.taxable !== false,
      applied: f.applyToDraftOrder === true,
    };
  });
}

/**
 * A list of options at `field` (at most 100), each read by `readOne` with its own field name (`field[i]`); every
 * violation of every item is answered together, as Wix does.
 */
function readOptions<T>(
  raw: unknown,
  field: string,
  readOne: (item: Record<string, unknown>, field: string, out: FieldViolation[]) => T,
): T[] {
  const list = Array.isArray(raw) ? raw : [];
  if (list.length > 100) throw validationError([{ field, description: "must hold at most 100 items", violatedRule: "MAX_SIZE" }]);
  const out: FieldViolation[] = [];
  const items = list.map((r, i) => readOne(asObject(r) ?? {}, `${field}[${i}]`, out));
  if (out.length) throw validationError(out);
  return items;
}

export interface DraftTotals {
  subtotal: number;
  discount: number;
  fees: number;
  tax: number;
  total: number;
  lineTax: Map<string, number>;
}

/** The draft's figures: lines, then the applied discounts (on the subtotal), then the applied fees; VAT included. */
export function draftTotals(ctx: Ctx, d: DraftData): DraftTotals {
  const rate = d.taxExempt ? 0 : taxRatePercent(ctx);
  const subtotal = d.lines.reduce((s, l) => s + l.unitCents * l.quantity, 0);
  const discount = Math.min(
    subtotal,
    d.discounts.filter((x) => x.applied).reduce((s, x) => s + (x.amountCents ?? Math.round((subtotal * (x.basisPoints ?? 0)) / 10_000)), 0),
  );
  const applied = d.fees.filter((f) => f.applied);
  const fees = applied.reduce((s, f) => s + f.cents, 0);
  const taxableFees = applied.filter((f) => f.taxable).reduce((s, f) => s + f.cents, 0);
  const lineTax = new Map(d.lines.map((l) => [l.id, taxIncluded(l.unitCents * l.quantity, rate)]));
  const tax = taxIncluded(subtotal - discount + taxableFees, rate);
  return { subtotal, discount, fees, tax, total: subtotal - discount + fees, lineTax };
}

/** A line as an order line item (OrderLineItem). */
export function lineItemWire(ctx: Ctx, d: DraftData, l: DraftLine, tax: number) {
  const cur = currency(ctx);
  const rate = d.taxExempt ? 0 : taxRatePercent(ctx);
  const total = l.unitCents * l.quantity;
  return {
    id: l.id,
    productName: { original: l.name, translated: l.name },
    catalogReference: l.catalogItemId
      ? { catalogItemId: l.catalogItemId, appId: STORES_APP_ID }
      : // A custom line names no catalog: Wix gives it the custom item's own reference.
        { catalogItemId: l.id, appId: "00000000-0000-0000-0000-000000000000" },
    quantity: l.quantity,
    totalDiscount: orderPrice(0, cur),
    descriptionLines: l.descriptionLines,
    physicalProperties: { shippable: l.itemType === "PHYSICAL" },
    itemType: { preset: l.itemType },
    price: orderPrice(l.unitCents, cur),
    priceBeforeDiscounts: orderPrice(l.unitCents, cur),
    totalPriceBeforeTax: orderPrice(total - tax, cur),
    totalPriceAfterTax: orderPrice(total, cur),
    lineItemPrice: orderPrice(total, cur),
    paymentOption: "FULL_PAYMENT_ONLINE",
    taxDetails: { taxableAmount: orderPrice(total, cur), taxRate: String(rate / 100), totalTax: orderPrice(tax, cur) },
    locations: [],
    refundQuantity: 0,
    restockQuantity: 0,
    taxInfo: { taxAmount: orderPrice(tax, cur), taxIncludedInPrice: true, taxRate: String(rate / 100) },
  };
}

export function discountWire(ctx: Ctx, d: DraftData, x: DraftDiscount, subtotal: number) {
  const cur = currency(ctx);
  const cents = x.amountCents ?? Math.round((subtotal * (x.basisPoints ?? 0)) / 10_000);
  return {
    discount: {
      id: x.id,
      discountType: "GLOBAL",
      merchantDiscount: { ...(x.description ? { description: x.description } : {}), amount: orderPrice(cents, cur) },
      lineItemIds: d.lines.map((l) => l.id),
    },
    source: "CUSTOM",
    applied: x.applied,
  };
}

export function feeWire(ctx: Ctx, d: DraftData, f: DraftFee) {
  const cur = currency(ctx);
  const rate = d.taxExempt || !f.taxable ? 0 : taxRatePercent(ctx);
  const tax = taxIncluded(f.cents, rate);
  return {
    id: f.id,
    name: f.name,
    ...(f.code ? { code: f.code } : {}),
    price: orderPrice(f.cents, cur),
    priceBeforeTax: orderPrice(f.cents - tax, cur),
    priceAfterTax: orderPrice(f.cents, cur),
    taxDetails: { taxableAmount: orderPrice(f.cents, cur), taxRate: String(rate / 100), totalTax: orderPrice(tax, cur) },
    source: "MANUAL",
    lineItemIds: [],
  };
}
