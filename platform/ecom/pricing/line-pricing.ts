// A cart line priced from the catalog (its variant, stock and discount) and written as Wix's line item wire.
// Integer cents inside, decimal strings on the wire.
import type { ProductRec, VariantRec } from "../../stores/catalog-store";
import { availableQuantity, discountedCents, isInStock, loadProduct, variantBaseCents } from "../../stores/catalog-store";
import type { Ctx } from "../../core/context";
import { STORES_APP_ID, currency, decimal, price, wireImage } from "../../core/context";

export interface LineRef {
  id: string;
  productId: string;
  variantId: string | null;
  /** catalogReference.options exactly as the caller sent it. */
  options: Record<string, unknown> | null;
  quantity: number;
  snapshot: { name?: string; slug?: string };
}

export type Availability = "AVAILABLE" | "NOT_FOUND" | "NOT_AVAILABLE" | "PARTIALLY_AVAILABLE";

export interface PricedLine {
  ref: LineRef;
  product: ProductRec | null;
  variant: VariantRec | null;
  status: Availability;
  quantityAvailable: number | null;
  fullCents: number;
  unitCents: number;
  lineCents: number;
  physical: boolean;
}

export function priceLine(ctx: Ctx, ref: LineRef): PricedLine {
  const product = loadProduct(ctx, ref.productId);
  const gone = (): PricedLine => ({
    ref,
    product: null,
    variant: null,
    status: "NOT_FOUND",
    quantityAvailable: 0,
    fullCents: 0,
    unitCents: 0,
    lineCents: 0,
    physical: false,
  });
  if (!product || !product.visible) return gone();
  let variant: VariantRec | null = null;
  if (product.options.length) {
    variant = product.variants.find((v) => v.id === ref.variantId) ?? null;
    if (!variant) return { ...gone(), product };
  }
  const full = variantBaseCents(product, variant);
  const unit = discountedCents(product, full);
  const avail = availableQuantity(product, variant);
  let status: Availability = "AVAILABLE";
  if (!isInStock(product, variant)) status = "NOT_AVAILABLE";
  else if (avail !== null && avail < ref.quantity) status = "PARTIALLY_AVAILABLE";
  return {
    ref,
    product,
    variant,
    status,
    quantityAvailable: avail === null ? (status === "NOT_AVAILABLE" ? 0 : null) : avail,
    fullCents: full,
    unitCents: unit,
    lineCents: unit * ref.quantity,
    physical: product.productType === "physical",
  };
}

/**
 * Catalog V1 option lines as real Wix sends them: `lineType` COLOR (with the deprecated `color`, the choice's name)
 * for colour options, UNRECOGNISED for V1 drop-downs (what the typings' LineType enum calls an unknown type).
 */
export function optionDescriptionLines(options: ProductRec["options"], choices: Record<string, string>) {
  return options.map((o) => {
    const desc = choices[o.name] ?? "";
    const choice = o.choices.find((c) => c.description === desc);
    const name = { original: o.name, translated: o.name };
    if (o.optionType === "color")
      return { name, colorInfo: { original: desc, translated: desc, code: choice?.value ?? "" }, color: desc, lineType: "COLOR" };
    return { name, plainText: { original: desc, translated: desc }, lineType: "UNRECOGNISED" };
  });
}

function descriptionLines(line: PricedLine) {
  const p = line.product;
  if (!p || !line.variant) return [];
  return optionDescriptionLines(p.options, line.variant.choices);
}

export function lineImage(ctx: Ctx, line: PricedLine, appOrigin: string) {
  const rel = line.product?.media[0];
  if (!rel) return undefined;
  return wireImage(ctx, appOrigin, rel, line.product!.name);
}

/**
 * A line's `url`: Wix answers its own product page (the site's, not the headless app's), so this platform answers a
 * Wix-style page too; the app links lines from its catalog instead (platform/README.md).
 */
export function linePagePath(slug: string | undefined): string {
  return slug ? `/product-page/${slug}` : "/";
}

/** Cart/checkout line item on the wire. `imageKey` is `image` for carts, `media` for checkouts. */
export function lineItemWire(ctx: Ctx, line: PricedLine, appOrigin: string, imageKey: "image" | "media" = "image") {
  const cur = currency(ctx);
  const p = line.product;
  const name = p?.name ?? line.ref.snapshot.name ?? "Article indisponible";
  const slug = p?.slug ?? line.ref.snapshot.slug;
  const image = line.product ? lineImage(ctx, line, appOrigin) : undefined;
  const relativePath = linePagePath(slug);
  return {
    id: line.ref.id,
    quantity: line.ref.quantity,
    catalogReference: {
      catalogItemId: line.ref.productId,
      appId: STORES_APP_ID,
      ...(line.ref.options ? { options: line.ref.options } : {}),
    },
    productName: { original: name, translated: name },
    url: { relativePath, url: `${appOrigin}${relativePath}` },
    price: price(line.unitCents, cur),
    // Internal, read-only in the typings, but sent by real Wix: the catalog price before any sale.
    originalPrice: decimal(line.fullCents),
    fullPrice: price(line.fullCents, cur),
    priceBeforeDiscounts: price(line.unitCents, cur),
    lineItemPrice: price(line.lineCents, cur),
    descriptionLines: descriptionLines(line),
    ...(image ? { [imageKey]: image } : {}),
    availability: {
      status: line.status,
      ...(line.quantityAvailable !== null ? { quantityAvailable: line.quantityAvailable } : {}),
    },
    physicalProperties: { weight: p?.weight ?? 0, sku: line.variant?.sku || p?.sku || "", shippable: line.physical },
    itemType: { preset: line.physical ? "PHYSICAL" : "DIGITAL" },
    paymentOption: "FULL_PAYMENT_ONLINE",
    rootCatalogItemId: line.ref.productId,
    priceUndetermined: false,
    fixedQuantity: false,
    customLineItem: false,
    savePaymentMethod: false,
    taxableAddress: { addressType: line.physical ? "SHIPPING" : "BUSINESS" },
    // Internal in the typings (coupon targeting): the product and each of its collections.
    couponScopes: p
      ? [
          { namespace: "stores", group: { name: "product", entityId: p.id } },
          ...p.collectionIds.map((id) => ({ namespace: "stores", group: { name: "collection", entityId: id } })),
        ]
      : [],
    policies: [],
  };
}
