// Loads the demo data (platform/seed/demo.json) into an empty database.
import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import type { Ctx } from "../core/context";
import { newId, ownerKey, toCents } from "../core/context";
import { setSetting } from "../core/db";
import { createMember, hashPasswordAtSeed } from "../members/members";
import { insertOrder } from "../ecom/orders/order-insert";
import type { LineRef } from "../ecom/pricing/pricing";
import { computeTotals, priceLine } from "../ecom/pricing/pricing";
import { loadProduct, soleVariantId, stableId, variantId } from "../stores/catalog-store";
import { seedId } from "./seed-ids";
import { insertDigitalFile } from "../ecom/orders/downloads";
import { seedPayOnDelivery } from "../data/site-settings";

const choiceSchema = z.object({ value: z.string(), description: z.string() });
const productSchema = z.object({
  id: z.string().min(1),
  slug: z.string().min(1),
  name: z.string().min(1),
  productType: z.enum(["digital", "physical"]),
  description: z.string().default(""),
  sku: z.string().default(""),
  brand: z.string().optional(),
  ribbon: z.string().default(""),
  price: z.number().nonnegative(),
  discount: z.object({ type: z.enum(["NONE", "PERCENT", "AMOUNT"]), value: z.number().nonnegative().optional() }).default({ type: "NONE" }),
  weight: z.number().nonnegative().optional(),
  collections: z.array(z.string()).default([]),
  media: z.array(z.string()).default([]),
  stock: z
    .object({ trackInventory: z.boolean(), quantity: z.number().int().nonnegative().optional(), inStock: z.boolean().optional() })
    .default({ trackInventory: false, inStock: true }),
  options: z
    .array(z.object({ optionType: z.enum(["drop_down", "color"]), name: z.string(), choices: z.array(choiceSchema).min(1) }))
    .optional(),
  variants: z
    .array(
      z.object({
        choices: z.record(z.string(), z.string()),
        price: z.number().nonnegative().optional(),
        quantity: z.number().int().nonnegative().optional(),
        sku: z.string().optional(),
      }),
    )
    .optional(),
  createdDate: z.string().optional(),
  /** Course material or e-book the buyer downloads once the order is paid (digital products only). */
  digitalFile: z.object({ fileName: z.string().regex(/^[\w.-]+$/), title: z.string().min(1) }).optional(),
});

const seedSchema = z.object({
  currency: z.string().default("EUR"),
  taxRatePercent: z.number().nonnegative().default(20),
  collections: z.array(
    z.object({ id: z.string(), slug: z.string(), name: z.string(), description: z.string().default(""), image: z.string().optional() }),
  ),
  products: z.array(productSchema),
  coupons: z
    .array(
      z.object({
        code: z.string(),
        name: z.string(),
        type: z.enum(["PERCENT", "AMOUNT"]),
        value: z.number(),
        usageLimit: z.number().int().positive().optional(),
        limitPerCustomer: z.number().int().positive().optional(),
      }),
    )
    .default([]),
  shippingOptions: z
    .array(
      z.object({
        code: z.string(),
        title: z.string(),
        price: z.number().nonnegative(),
        /** A pickup's place and opening hours (Wix: logistics.pickupDetails.address and logistics.instructions). */
        pickupAddress: z
          .object({ addressLine: z.string(), postalCode: z.string(), city: z.string(), country: z.string().length(2) })
          .optional(),
        instructions: z.string().max(1000).optional(),
      }),
    )
    .default([]),
  /**
   * Wix's delivery profile regions: the countries each ships to (none: the rest of the world) and each option's
   * price and delivery time there. Without regions, every option ships everywhere at its own price.
   */
  deliveryRegions: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        countries: z.array(z.string().regex(/^[A-Z]{2}$/)).default([]),
        rates: z.array(z.object({ option: z.string(), price: z.number().nonnegative(), deliveryTime: z.string().optional() })).min(1),
      }),
    )
    .default([]),
  /**
   * Wix's tax groups (products join one by collection or by type; the default group takes the rest) and the tax
   * regions of the manual calculator with each group's rate. Without regions, `taxRatePercent` applies everywhere.
   */
  taxGroups: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        default: z.boolean().default(false),
        collections: z.array(z.string()).default([]),
        productType: z.enum(["physical", "digital"]).optional(),
      }),
    )
    .default([]),
  taxRegions: z
    .object({ countries: z.array(z.string().regex(/^[A-Z]{2}$/)), rates: z.record(z.string(), z.number().nonnegative()) })
    .optional(),
  members: z
    .array(
      z.object({
        email: z.string(),
        password: z.string(),
        firstName: z.string().optional(),
        lastName: z.string().optional(),
        nickname: z.string().optional(),
        slug: z.string().optional(),
        address: z.record(z.string(), z.unknown()).optional(),
        status: z.enum(["APPROVED", "PENDING"]).default("APPROVED"),
        orders: z
          .array(
            z.object({
              number: z.string().optional(),
              createdDate: z.string().optional(),
              lines: z.array(
                z.object({
                  product: z.string(),
                  quantity: z.number().int().positive(),
                  choices: z.record(z.string(), z.string()).default({}),
                }),
              ),
              shippingOption: z.string().optional(),
              coupon: z.string().optional(),
              status: z.enum(["INITIALIZED", "APPROVED", "CANCELED"]).default("APPROVED"),
              paymentStatus: z.string().default("PAID"),
              fulfillmentStatus: z.string().default("NOT_FULFILLED"),
              // A card only authorized (awaiting the owner's capture or void).
              authorized: z.boolean().default(false),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

export type SeedData = z.infer<typeof seedSchema>;

/** Stable variant ids, so a reset keeps the ids carts and tests refer to. */
export { variantId } from "../stores/catalog-store";

export function readSeedFile(file: string): SeedData | null {
  if (!existsSync(file)) return null;
  const parsed = seedSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`Invalid seed file ${file}: ${parsed.error.message}`);
  return parsed.data;
}

/** The seed with its product and collection ids as stored (seedId), references included. */
function withStoredIds(seed: SeedData): SeedData {
  const collectionIds = new Set(seed.collections.map((c) => c.id));
  const productIds = new Set(seed.products.map((p) => p.id));
  return {
    ...seed,
    collections: seed.collections.map((c) => ({ ...c, id: seedId(c.id) })),
    products: seed.products.map((p) => ({
      ...p,
      id: seedId(p.id),
      collections: p.collections.map((ref) => (collectionIds.has(ref) ? seedId(ref) : ref)),
    })),
    members: seed.members.map((m) => ({
      ...m,
      orders: m.orders.map((o) => ({
        ...o,
        lines: o.lines.map((l) => (productIds.has(l.product) ? { ...l, product: seedId(l.product) } : l)),
      })),
    })),
  };
}

export function loadSeed(ctx: Ctx, data: SeedData): void {
  const db = ctx.db;
  const seed = withStoredIds(data);
  db.transaction(() => {
    setSetting(db, "currency", seed.currency);
    setSetting(db, "taxRatePercent", String(seed.taxRatePercent));
    seedPayOnDelivery(ctx);
    const colIdBySlug = new Map<string, string>();
    seed.collections.forEach((c, i) => {
      db.prepare("INSERT INTO collections (id, slug, name, description, image, position) VALUES (?, ?, ?, ?, ?, ?)").run(
        c.id,
        c.slug,
        c.name,
        c.description,
        c.image ?? null,
        i,
      );
      colIdBySlug.set(c.slug, c.id);
    });
    const base = Date.parse("2025-01-01T00:00:00.000Z");
    seed.products.forEach((p, i) => {
      const created = p.createdDate ?? new Date(base + i * 86_400_000).toISOString();
      db.prepare(
        `INSERT INTO products (id, slug, name, product_type, description, sku, brand, ribbon, price_cents, discount_type, discount_value,
          weight, media, track_inventory, quantity, in_stock, options, numeric_id, created_date, last_updated)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        p.id,
        p.slug,
        p.name,
        p.productType,
        p.description,
        p.sku,
        p.brand ?? null,
        p.ribbon,
        toCents(p.price),
        p.discount.type,
        p.discount.value ?? 0,
        p.productType === "physical" ? (p.weight ?? 0) : null,
        JSON.stringify(p.media),
        p.stock.trackInventory ? 1 : 0,
        p.stock.trackInventory ? (p.stock.quantity ?? 0) : null,
        p.stock.trackInventory ? ((p.stock.quantity ?? 0) > 0 ? 1 : 0) : p.stock.inStock === false ? 0 : 1,
        JSON.stringify(p.options ?? []),
        i + 1,
        created,
        created,
      );
      if (p.digitalFile) insertDigitalFile(db, p.id, p.digitalFile);
      for (const slug of p.collections) {
        const cid = colIdBySlug.get(slug) ?? (seed.collections.some((c) => c.id === slug) ? slug : undefined);
        if (!cid) throw new Error(`Product ${p.id}: unknown collection ${slug}`);
        db.prepare("INSERT OR IGNORE INTO product_collections (product_id, collection_id) VALUES (?, ?)").run(p.id, cid);
      }
      (p.variants ?? []).forEach((v, j) => {
        db.prepare("INSERT INTO variants (id, product_id, choices, price_cents, quantity, sku, position) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
          variantId(p.id, v.choices),
          p.id,
          JSON.stringify(v.choices),
          v.price === undefined ? null : toCents(v.price),
          p.stock.trackInventory ? (v.quantity ?? 0) : null,
          v.sku ?? "",
          j,
        );
      });
    });
    for (const c of seed.coupons)
      db.prepare("INSERT INTO coupons (id, code, name, type, value, usage_limit, limit_per_customer) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
        newId(),
        c.code,
        c.name,
        c.type,
        c.value,
        c.usageLimit ?? null,
        c.limitPerCustomer ?? null,
      );
    seed.shippingOptions.forEach((s, i) =>
      db
        .prepare(
          "INSERT INTO shipping_options (code, title, price_cents, position, pickup_address, instructions) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .run(s.code, s.title, toCents(s.price), i, s.pickupAddress ? JSON.stringify(s.pickupAddress) : null, s.instructions ?? null),
    );
    seedDeliveryRegions(db, seed.deliveryRegions);
    seedTaxes(db, seed, colIdBySlug);
    for (const m of seed.members) {
      const member = createMember(ctx, {
        email: m.email,
        passwordHash: hashPasswordAtSeed(m.password),
        firstName: m.firstName,
        lastName: m.lastName,
        nickname: m.nickname,
        slug: m.slug,
        addresses: m.address ? [m.address] : [],
        status: m.status,
      });
      for (const o of m.orders) {
        const refs: LineRef[] = o.lines.map((l) => {
          const prod = loadProduct(ctx, seed.products.find((x) => x.slug === l.product || x.id === l.product)?.id ?? l.product);
          if (!prod) throw new Error(`Seed order of ${m.email}: unknown product ${l.product}`);
          // A V3 site's lines always carry a variant id, the sole variant of a product without options included.
          const vid = prod.options.length
            ? variantId(prod.id, l.choices)
            : ctx.opts.catalogVersion === "V3_CATALOG"
              ? soleVariantId(prod.id)
              : null;
          return {
            id: newId(),
            productId: prod.id,
            variantId: vid,
            options: vid ? { variantId: vid } : null,
            quantity: l.quantity,
            snapshot: { name: prod.name, slug: prod.slug },
          };
        });
        // Past orders are priced at today's catalog prices and stock is left untouched.
        const lines = refs.map((r) => {
          const pl = priceLine(ctx, r);
          return pl.status === "NOT_FOUND" ? pl : { ...pl, status: "AVAILABLE" as const };
        });
        const totals = computeTotals(ctx, lines, o.coupon ?? null, o.shippingOption ?? null);
        const address = m.address ?? null;
        insertOrder(ctx, {
          owner: ownerKey(member.id, null),
          totals,
          data: {
            email: m.email,
            shippingAddress: address,
            billingAddress: address,
            contactDetails: { ...(m.firstName ? { firstName: m.firstName } : {}), ...(m.lastName ? { lastName: m.lastName } : {}) },
            buyerNote: null,
            channelType: "WEB",
            // Every order comes from a cart and a checkout on Wix: past orders name theirs too (long gone).
            purchaseFlowId: newId(),
          },
          checkoutId: newId(),
          cartId: newId(),
          status: o.status,
          paymentStatus: o.paymentStatus,
          fulfillmentStatus: o.fulfillmentStatus,
          number: o.number,
          createdDate: o.createdDate,
          authorized: o.authorized,
        });
      }
    }
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded', ?)").run(new Date().toISOString());
  })();
}

function seedDeliveryRegions(db: Ctx["db"], regions: SeedData["deliveryRegions"]): void {
  regions.forEach((r, i) => {
    const id = stableId("delivery-region", r.id);
    db.prepare("INSERT INTO delivery_regions (id, name, countries, position) VALUES (?, ?, ?, ?)").run(
      id,
      r.name,
      JSON.stringify(r.countries),
      i,
    );
    for (const rate of r.rates)
      db.prepare("INSERT INTO delivery_region_rates (region_id, option_code, price_cents, delivery_time) VALUES (?, ?, ?, ?)").run(
        id,
        rate.option,
        toCents(rate.price),
        rate.deliveryTime ?? null,
      );
  });
}

/** Tax groups (products joined by collection or type), one tax region a country, each group's rate there. */
function seedTaxes(db: Ctx["db"], seed: SeedData, colIdBySlug: Map<string, string>): void {
  for (const g of seed.taxGroups) {
    const id = stableId("tax-group", g.id);
    db.prepare("INSERT INTO tax_groups (id, name, is_default) VALUES (?, ?, ?)").run(id, g.name, g.default ? 1 : 0);
    for (const slug of g.collections)
      db.prepare(
        "UPDATE products SET tax_group_id = ? WHERE id IN (SELECT product_id FROM product_collections WHERE collection_id = ?)",
      ).run(id, colIdBySlug.get(slug) ?? slug);
    if (g.productType)
      db.prepare("UPDATE products SET tax_group_id = ? WHERE product_type = ? AND tax_group_id IS NULL").run(id, g.productType);
  }
  const regions = seed.taxRegions;
  if (!regions) return;
  for (const country of regions.countries) {
    const regionId = stableId("tax-region", country);
    db.prepare("INSERT INTO tax_regions (id, country) VALUES (?, ?)").run(regionId, country);
    for (const [group, rate] of Object.entries(regions.rates))
      db.prepare("INSERT INTO manual_tax_mappings (tax_group_id, tax_region_id, rate_percent) VALUES (?, ?, ?)").run(
        stableId("tax-group", group),
        regionId,
        rate,
      );
  }
}
