// ecom delivery solutions (`@wix/ecom` deliverySolutions.getDeliverySolutions, POST /_api/delivery-rates/v1/
// get-delivery-solutions as the SDK sends it): the site's delivery options for some items and a destination, with
// their cost and logistics. Cart V2 has no list of delivery options of its own (its estimate names only the
// chosen method): a storefront lists them here, then sets one with Set Delivery Method.
import type { Ctx } from "../../core/context";
import { SHIPPING_REGION, callerFromRequest, currency, price } from "../../core/context";
import { isElevated } from "../../core/elevated";
import type { FieldViolation, Router } from "../../core/http";
import { asObject, asString, unauthenticated, validationError } from "../../core/http";
import { loadProduct } from "../../stores/catalog-store";
import type { ShippingOptionRec } from "./pricing";
import { DELIVERY_APP_ID, deliveryRegionOf, logisticsWire, shippingOptions } from "./pricing";

interface Deliverable {
  id: string;
  shippable: boolean;
}

/** `lineItems` (DeliverableItem): whether each is shipped comes from the catalog when it names a product. */
function deliverables(ctx: Ctx, raw: unknown): Deliverable[] {
  const violations: FieldViolation[] = [];
  if (!Array.isArray(raw) || !raw.length)
    throw validationError([{ field: "lineItems", description: "must not be empty", violatedRule: "MIN_SIZE" }]);
  if (raw.length > 300)
    throw validationError([{ field: "lineItems", description: "must contain at most 300 items", violatedRule: "MAX_SIZE" }]);
  const out = raw.map((item, i) => {
    const o = asObject(item);
    if (!o) violations.push({ field: `lineItems[${i}]`, description: "must be an object", violatedRule: "FORMAT" });
    const id = (asString(o?.id) ?? String(i)).slice(0, 100);
    const productId = asString(asObject(o?.catalogReference)?.catalogItemId);
    const product = productId ? loadProduct(ctx, productId) : null;
    const shippable = product ? product.productType === "physical" : asObject(o?.physicalProperties)?.shippable === true;
    return { id, shippable };
  });
  if (violations.length) throw validationError(violations);
  return out;
}

/** The option's logistics in Delivery Solutions' shape: Address has no `countryFullname` there (checkouts' has). */
function solutionLogistics(o: ShippingOptionRec) {
  const logistics = logisticsWire(o);
  if (!("pickupDetails" in logistics) || !logistics.pickupDetails.address) return logistics;
  const { countryFullname: _fullname, ...address } = logistics.pickupDetails.address;
  return { ...logistics, pickupDetails: { ...logistics.pickupDetails, address } };
}

export function registerDelivery(router: Router, ctx: Ctx): void {
  router.on("POST", "/_api/delivery-rates/v1/get-delivery-solutions", (req) => {
    if (!isElevated(ctx, req.headers) && !callerFromRequest(ctx, req.headers)) throw unauthenticated();
    const items = deliverables(ctx, req.body.lineItems);
    const destination = asObject(req.body.destination);
    if (!destination) throw validationError([{ field: "destination", description: "is required", violatedRule: "REQUIRED_FIELD" }]);
    const country = asString(destination.country);
    if (country !== undefined && !/^[A-Z]{2}$/.test(country))
      throw validationError([{ field: "destination.country", description: "must be an ISO 3166-1 alpha-2 code", violatedRule: "FORMAT" }]);
    const shipped = items.filter((i) => i.shippable).map((i) => i.id);
    if (!shipped.length) return { deliverySolutions: [], errors: [] };
    const cur = currency(ctx);
    const region = deliveryRegionOf(ctx, country);
    return {
      deliverySolutions: shippingOptions(ctx, country).map((o) => {
        const cost = price(o.price_cents, cur);
        return {
          code: o.code,
          deliveryReference: { code: o.code, appId: DELIVERY_APP_ID },
          title: o.title,
          logistics: solutionLogistics(o),
          cost: { price: cost.amount, currency: cur, deliveryPrice: cost, additionalCosts: [] },
          deliveryAllocations: [
            {
              deliveryCarrier: { appId: DELIVERY_APP_ID, code: o.code },
              deliveryRegion: region ? { id: region.id, name: region.name } : { ...SHIPPING_REGION },
              applicableLineItems: { lineItemIds: shipped },
            },
          ],
          partial: shipped.length < items.length,
        };
      }),
      errors: [],
    };
  });
}
