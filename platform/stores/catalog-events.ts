// The catalog's own events when stock moves (an order decrements it, a cancellation puts it back): each catalog
// version has its own ("About the Catalog Versioning API": changes in the V1 catalog trigger V1 webhooks, changes in
// the V3 catalog V3 webhooks). The app empties its catalog cache on either.
import type { Ctx } from "../core/context";
import { emitEvent } from "../events/webhooks";
import { loadProduct } from "./catalog-store";
import { fullProductV3, inventoryItemWire, projectProduct, variantsOf } from "./v3/wire";

/** Catalog V1's ProductChanged (not a domain event): `{productId, changedFields}`. */
function productChangedV1(ctx: Ctx, productId: string, changedFields: string[]): void {
  emitEvent(ctx, {
    eventType: "com.wix.ecommerce.catalog.api.v1.ProductChanged",
    body: { plain: { productId, changedFields } },
  });
}

/** Catalog V3's domain events: the variant's inventory item updated, then its product (whose availability follows). */
function stockChangedV3(ctx: Ctx, productId: string, variantId: string | null): void {
  const p = loadProduct(ctx, productId);
  if (!p) return;
  const variant = variantsOf(p).find((v) => v.id === variantId) ?? variantsOf(p)[0];
  if (variant) {
    const item = inventoryItemWire(p, variant);
    emitEvent(ctx, {
      eventType: "wix.stores.catalog.v3.inventory_item_updated",
      entityFqdn: "wix.stores.catalog.v3.inventory_item",
      slug: "updated",
      entityId: item.id,
      body: { updated: item },
    });
  }
  const product = projectProduct(fullProductV3(ctx, p, ctx.opts.defaultAppOrigin), new Set(), true);
  emitEvent(ctx, {
    eventType: "wix.stores.catalog.v3.product_updated",
    entityFqdn: "wix.stores.catalog.v3.product",
    slug: "updated",
    entityId: p.id,
    body: { updated: product },
  });
}

/** Stock of a product (one of its variants, or its only one) moved: the events of the site's catalog version. */
export function stockChanged(ctx: Ctx, productId: string, variantId: string | null = null): void {
  productChanged(ctx, productId, ["stock"], variantId);
}

/** The owner changed a product (its visibility, ribbon, price or stock): the same events. */
export function productChanged(ctx: Ctx, productId: string, changedFields: string[], variantId: string | null = null): void {
  if (ctx.opts.catalogVersion === "V3_CATALOG") stockChangedV3(ctx, productId, variantId);
  else productChangedV1(ctx, productId, changedFields);
}
