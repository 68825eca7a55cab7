// The SDK calls the golden fixtures name (`"call": "currentCart.getCurrentCart"`). Each one performs the call the
// way the app does, through the real SDK, after setting up what it needs (a cart, an order, a fresh member…); the
// golden test records the HTTP exchange the fixture's endpoint names and compares its answer. A fixture for an
// existing call needs no code here; a new endpoint adds one entry. Order matters: calls run in this order, so a
// destructive call comes after the calls that read the same thing.
//
// `readOnly` calls change nothing on the site: they are the ones `npm run wix:check` may send to a real Wix site.
import { ApiKeyStrategy, AppStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import {
  cartV2,
  draftOrders,
  orderBilling,
  orderFulfillments,
  orderInvoices,
  orderPaymentRequests,
  orderTransactions,
  orders,
  recommendations,
} from "@wix/ecom";
import { items } from "@wix/data";
import { authentication as memberAuthentication, members } from "@wix/members";
import { submissions } from "@wix/forms";
import { catalogVersioning, customizationsV3, inventory, inventoryItemsV3, products, productsV3, readOnlyVariantsV3 } from "@wix/stores";
import { coupons } from "@wix/marketing";
import { categories } from "@wix/categories";
import { authentication } from "@wix/identity";
import type { Platform, PlatformOptions } from "../../../platform/index";
import {
  ALEX,
  Browser,
  APP_ORIGIN,
  CALLBACKS,
  checkoutToPaymentPage,
  clientId,
  DEMO,
  loginThroughHostedPage,
  makeClient,
  payOnHostedPage,
  productBySlug,
  productRef,
  quoteDraftOrder,
  SHIPPING_ADDRESS,
  type Client,
} from "../harness";

/** Thrown when a call cannot run on this target (e.g. no API key given for a real site); the check says so. */
export class Unavailable extends Error {}

export interface World {
  readonly target: "wix" | "embedded";
  /** The embedded platform (hosted pages, outbox); Unavailable against real Wix. */
  platform(): Platform;
  /** A new visitor client with its own tokens (and so its own cart). */
  visitor(): Promise<Client>;
  /** A member client: Camille (embedded seed), logged in through the hosted page. */
  member(who?: { email: string; password: string }): Promise<Client>;
  /** The owner's elevated client (ApiKeyStrategy): the platform's API key, or WIX_API_KEY + WIX_SITE_ID. */
  admin(): ReturnType<typeof adminClient>;
  /** The catalog product the cart calls use: a physical one with options when the catalog has one. */
  product(): Promise<{ _id: string; options?: Record<string, string> }>;
  /** Any collection of the catalog (its id and slug). */
  collection(): Promise<{ _id: string; slug: string }>;
}

export interface GoldenCall {
  readOnly: boolean;
  /** Platform options this call needs (its fixtures then run on a platform of their own). */
  platform?: Partial<PlatformOptions>;
  run(world: World): Promise<unknown>;
}

/** Catalog V3's calls run on a V3 site (a site created today); the V1 ones above on the suite's V1 site. */
const V3_SITE: Partial<PlatformOptions> = { catalogVersion: "V3_CATALOG" };
const catalogV3Client = () =>
  createClient({
    modules: { productsV3, readOnlyVariantsV3, inventoryItemsV3, customizationsV3, categories },
    auth: OAuthStrategy({ clientId }),
  });
/** Every product field the platform honours (the app asks for CURRENCY, PLAIN_DESCRIPTION, MEDIA_ITEMS_INFO, ALL_CATEGORIES_INFO). */
const V3_PRODUCT_FIELDS = [
  "URL",
  "CURRENCY",
  "PLAIN_DESCRIPTION",
  "MEDIA_ITEMS_INFO",
  "DIRECT_CATEGORIES_INFO",
  "ALL_CATEGORIES_INFO",
] as const;
const STORES_TREE = { appNamespace: "@wix/stores" };

/** A product of a V3 site (its id and slug): one with options when there is one, so its options and choices are compared. */
async function firstV3Product(c: ReturnType<typeof catalogV3Client>) {
  const { items } = await c.productsV3.queryProducts().limit(100).find();
  const first = items.find((p) => (p.options ?? []).length > 0) ?? items[0];
  if (!first?._id || !first.slug) throw new Unavailable("the site has no product to read");
  return { _id: first._id, slug: first.slug };
}

/** The first category of the Stores tree (its id and slug). */
async function firstV3Category(c: ReturnType<typeof catalogV3Client>) {
  const [first] = (await c.categories.queryCategories({ treeReference: STORES_TREE }).exists("name", true).limit(1).find()).items;
  if (!first?._id || !first.slug) throw new Unavailable("the site has no category to read");
  return { _id: first._id, slug: first.slug };
}

export const ADMIN_API_KEY = "golden-api-key-0123456789abcdef";
export const ADMIN_SITE_ID = "golden-site";

export function adminClient(apiKey: string, siteId: string) {
  return createClient({
    modules: {
      orders,
      members,
      orderTransactions,
      orderBilling,
      orderFulfillments,
      orderInvoices,
      submissions,
      recommendations,
      cartV2,
      products,
      productsV3,
      inventory,
      inventoryItemsV3,
      coupons,
      items,
      draftOrders,
      orderPaymentRequests,
    },
    auth: ApiKeyStrategy({ apiKey, siteId }),
  });
}

async function cartWithProduct(w: World, client?: Client) {
  const c = client ?? (await w.visitor());
  const p = await w.product();
  const { cart } = await c.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(p._id, p.options), quantity: 2 }] });
  return { client: c, cart: cart! };
}

async function checkoutId(w: World) {
  const { client } = await cartWithProduct(w);
  // The owner's coupon: the welcome code is refused to a guest's checkout (decision 0057).
  await client.currentCart.updateCurrentCart({ couponCode: await orderCouponCode(w) });
  const { checkoutId: id } = await client.currentCart.createCheckoutFromCurrentCart({
    channelType: "WEB",
    email: "acheteur@exemple.fr",
    shippingAddress: SHIPPING_ADDRESS,
    billingAddress: SHIPPING_ADDRESS,
  });
  return { client, id: id! };
}

/** A visitor's Cart V2 with the world's product (2 of it), and the welcome coupon when `coupon` is set. */
async function cartV2With(w: World, coupon = false) {
  const client = await w.visitor();
  const p = await w.product();
  const { cart } = await client.currentCartV2.addLineItemsToCurrentCart({
    catalogItems: [{ catalogReference: productRef(p._id, p.options).catalogReference, quantity: 2 }],
  });
  if (coupon) return { client, cart: (await client.currentCartV2.addCouponToCurrentCart({ code: "BIENVENUE10" })).cart! };
  return { client, cart: cart! };
}

/**
 * A Cart V2 ready for its order: buyer, addresses, coupon (unless `coupon` is false: the welcome code is refused to a
 * guest's order, decision 0057), the first delivery option.
 */
async function readyCartV2(w: World, coupon = true) {
  const { client, cart } = await cartV2With(w);
  // An owner's coupon for everyone: the welcome code is once per customer, refused to a guest whose cart has her e-mail.
  if (coupon) await client.currentCartV2.addCouponToCurrentCart({ code: await orderCouponCode(w) });
  await client.currentCartV2.updateCurrentCart({
    note: "Note",
    customerInfo: { firstName: "Camille", lastName: "Martin", email: "acheteur@exemple.fr" },
    deliveryInfo: { address: SHIPPING_ADDRESS },
    paymentInfo: { billingAddress: SHIPPING_ADDRESS, billingContact: { firstName: "Camille", lastName: "Martin" } },
  });
  const lines = cart.lineItems!.map((l) => ({ _id: l._id!, quantity: 2, catalogReference: l.source!.catalogReference! }));
  const { deliverySolutions } = await client.deliverySolutions.getDeliverySolutions(lines, {
    destination: SHIPPING_ADDRESS,
    currency: cart.businessInfo?.currencyCode ?? "EUR",
  });
  const first = deliverySolutions?.[0]?.deliveryReference;
  if (first?.code) await client.currentCartV2.setDeliveryMethodForCurrentCart({ code: first.code, appId: first.appId });
  return { client, cart: (await client.currentCartV2.getCurrentCart()).cart! };
}

/** Another in-stock product of the catalog, without options (a second line beside the world's product). */
async function otherProduct(w: World) {
  const chosen = (await w.product())._id;
  const { items } = await (await w.visitor()).products.queryProducts().limit(100).find();
  const other = items.find((p) => p._id !== chosen && p.stock?.inStock && !(p.productOptions ?? []).length);
  if (!other?._id) throw new Unavailable("the catalog has no second product");
  return { _id: other._id };
}

let orderCoupon: Promise<string> | undefined;
/** A coupon of the owner's, usable on every order (the welcome code is once per customer): its code. */
function orderCouponCode(w: World) {
  orderCoupon ??= (async () => {
    const code = `GOLDORDER${Date.now().toString(36).toUpperCase().slice(-6)}`;
    await w
      .admin()
      .coupons.createCoupon({ name: "Commandes", code, percentOffRate: 5, scope: { namespace: "stores" }, startTime: String(Date.now()) });
    return code;
  })();
  return orderCoupon;
}

/**
 * A new order, with a coupon, paid on the hosted page (card) or to pay on delivery; embedded only (the hosted payment
 * page).
 */
async function newOrder(w: World, how: "card" | "delivery" = "card") {
  const client = await w.member();
  const shirt = await productBySlug(client, "t-shirt-typescript");
  await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(shirt._id, { Taille: "M", Couleur: "Noir" }), quantity: 1 }] });
  await client.currentCart.updateCurrentCart({ couponCode: await orderCouponCode(w) });
  const { paymentUrl } = await checkoutToPaymentPage(client, []);
  const button = how === "card" ? /^Payer .+ \(commande avec obligation de paiement\)$/ : "Commander et payer à la livraison";
  const paid = await payOnHostedPage(w.platform(), paymentUrl, button);
  const orderId = paid.location ? new URL(paid.location).searchParams.get("orderId") : null;
  const found = orderId ?? (await client.orders.searchOrders({ cursorPaging: { limit: 1 } })).orders?.[0]?._id;
  if (!found) throw new Error("no order after the payment page");
  if (how === "delivery") await confirmUnpaid(w.platform(), found);
  return found;
}

/** The buyer confirms an unpaid order from the e-mailed link, as every unpaid order waits for (decision 0027). */
async function confirmUnpaid(platform: Platform, orderId: string) {
  const link = platform.outbox().find((m) => m.kind === "order-confirm-request" && m.data.orderId === orderId)?.links[0]?.url;
  if (!link) throw new Error(`no confirmation e-mail for order ${orderId}`);
  const browser = new Browser(platform);
  const page = await browser.get(link);
  await browser.submit(link, page.html, "Confirmer ma commande", () => undefined);
}

/** An order the owner can read: the newest one of the site. */
async function anyOrderId(w: World) {
  const { orders: list } = await w.admin().orders.searchOrders({ cursorPaging: { limit: 1 } });
  const id = list?.[0]?._id;
  if (!id) throw new Unavailable("the site has no order to read");
  return id;
}

let memberSerial = 0;
/** A fresh member the owner's destructive calls can act on. */
async function freshMember(w: World) {
  memberSerial += 1;
  const member = await w.admin().members.createMember({
    member: {
      loginEmail: `golden-${memberSerial}-${Date.now()}@exemple.fr`,
      contact: {
        firstName: "Golden",
        phones: ["0102030405"],
        addresses: [{ addressLine: "3 rue des Lilas", city: "Lyon", postalCode: "69003", country: "FR" }],
      },
    },
  });
  return member._id!;
}

/** A coupon of the store, 5 % off, valid from now, with a code of its own. */
const newCoupon = (w: World) =>
  w.admin().coupons.createCoupon({
    name: "Contrôle",
    code: `GOLD${Date.now().toString(36).toUpperCase().slice(-8)}${Math.floor(Math.random() * 100)}`,
    percentOffRate: 5,
    scope: { namespace: "stores" },
    startTime: String(Date.now()),
  });
/** The quotes' collection (docs/decisions/0058-quotes-in-wix-data.md): a real site creates it in its dashboard. */
const QUOTES = "Quotes";
let itemSerial = 0;
const goldenQuote = () => {
  itemSerial += 1;
  return { _id: `D-2099-${String(itemSerial).padStart(4, "0")}-v1`, number: `D-2099-${itemSerial}`, version: 1, status: "DRAFT" };
};

/** A new item of the quotes' collection: its id (the reads of an item make their own, so a site without one is no obstacle). */
async function newQuoteItem(w: World) {
  const item = await w.admin().items.insert(QUOTES, goldenQuote());
  return item._id;
}

/** A priced draft order as the quote flow makes one: a custom service line, a discount, a fee, the billing address. */
async function goldenDraft(w: World) {
  const { calculatedDraftOrder } = await w.admin().draftOrders.createDraftOrder({
    draftOrder: quoteDraftOrder("Accompagnement", 2, "client@exemple.fr"),
  });
  const id = calculatedDraftOrder?.draftOrder?._id;
  if (!id) throw new Error("no draft order created");
  return id;
}

const NO_MAIL = { createSettings: { notifications: { sendNotificationToBuyer: false, sendNotificationsToBusiness: false } } };

/** A deposit's payment request on an order made from a draft, open 30 days. */
async function goldenPaymentRequest(w: World) {
  const { createdOrder } = await w.admin().draftOrders.createOrderFromDraft(await goldenDraft(w), NO_MAIL);
  const request = await w.admin().orderPaymentRequests.createOrderPaymentRequest({
    orderPaymentRequest: {
      orderId: createdOrder!._id!,
      amount: { amount: "500.00" },
      title: "Acompte du devis D-2099-0001",
      description: "Atelier Martin (Claire Martin)",
      source: { externalId: "D-2099-0001-v1-acompte" },
      expirationDate: new Date(Date.now() + 30 * 24 * 3600 * 1000),
    },
  });
  if (!request._id) throw new Error("no payment request created");
  return request._id;
}

/** 150 ids that match nothing: with them a query's URL passes 4000 characters. */
const LONG_ID_LIST = Array.from({ length: 150 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

const read = (run: GoldenCall["run"], platform?: GoldenCall["platform"]): GoldenCall => ({
  readOnly: true,
  run,
  ...(platform ? { platform } : {}),
});
const write = (run: GoldenCall["run"], platform?: GoldenCall["platform"]): GoldenCall => ({
  readOnly: false,
  run,
  ...(platform ? { platform } : {}),
});

export const calls: Record<string, GoldenCall> = {
  // ------------------------------------------------------------------ tokens
  "auth.generateVisitorTokens": read(async () => makeClient().auth.generateVisitorTokens()),
  "auth.renewToken": read(async () => {
    const c = makeClient();
    const tokens = await c.auth.generateVisitorTokens();
    return c.auth.renewToken(tokens.refreshToken);
  }),
  // The SDK's getTokenInfo (POST /oauth2/token-info), reached through AppStrategy as an app would.
  "auth.getTokenInfo": read(async (w) =>
    AppStrategy({ appId: clientId, accessToken: (await w.visitor()).auth.getTokens().accessToken.value }).getTokenInfo!(),
  ),
  // ------------------------------------------------------------------ catalog V1
  "catalogVersioning.getCatalogVersion": read(async () =>
    createClient({ modules: { catalogVersioning }, auth: OAuthStrategy({ clientId }) }).catalogVersioning.getCatalogVersion(),
  ),
  // Every product: the first ten are services without options.
  "products.queryProducts": read(async (w) => (await w.visitor()).products.queryProducts().limit(100).find()),
  "products.getProduct": read(async (w) => (await w.visitor()).products.getProduct((await w.product())._id)),
  "products.getProductOptionsAvailability": read(async (w) => {
    const p = await w.product();
    return (await w.visitor()).products.getProductOptionsAvailability(p._id, p.options ?? {});
  }),
  "products.queryProductVariants": read(async (w) => (await w.visitor()).products.queryProductVariants((await w.product())._id)),
  "products.getCollectionBySlug": read(async (w) => (await w.visitor()).products.getCollectionBySlug((await w.collection()).slug)),
  // More than 4000 characters of query: the SDK falls back to POST with the same body.
  "products.queryProducts.longQuery": read(async (w) =>
    (await w.visitor()).products
      .queryProducts()
      .in("_id", [(await w.product())._id, ...LONG_ID_LIST])
      .find(),
  ),
  "collections.queryCollections.longQuery": read(async (w) =>
    (await w.visitor()).collections
      .queryCollections()
      .in("_id", [(await w.collection())._id, ...LONG_ID_LIST])
      .find(),
  ),
  "collections.queryCollections": read(async (w) => (await w.visitor()).collections.queryCollections().limit(10).find()),
  "collections.getCollection": read(async (w) => (await w.visitor()).collections.getCollection((await w.collection())._id)),
  "collections.getCollectionBySlug": read(async (w) => (await w.visitor()).collections.getCollectionBySlug((await w.collection()).slug)),
  // ------------------------------------------------------------------ catalog V3 (the embedded platform as a V3 site)
  "productsV3.getProduct": read(async () => {
    const c = catalogV3Client();
    return c.productsV3.getProduct((await firstV3Product(c))._id);
  }, V3_SITE),
  "productsV3.getProductBySlug": read(async () => {
    const c = catalogV3Client();
    return c.productsV3.getProductBySlug((await firstV3Product(c)).slug, { fields: [...V3_PRODUCT_FIELDS, "VARIANT_OPTION_CHOICE_NAMES"] });
  }, V3_SITE),
  // Query, Search and Count are GETs with `.r=`; past 4000 characters of query the SDK sends a POST (the longQuery calls).
  "productsV3.queryProducts": read(
    async () =>
      catalogV3Client()
        .productsV3.queryProducts({ fields: [...V3_PRODUCT_FIELDS] })
        .limit(100)
        .find(),
    V3_SITE,
  ),
  "productsV3.queryProducts.longQuery": read(async () => {
    const c = catalogV3Client();
    return c.productsV3
      .queryProducts({ fields: [...V3_PRODUCT_FIELDS] })
      .in("_id", [(await firstV3Product(c))._id, ...LONG_ID_LIST])
      .find();
  }, V3_SITE),
  // With one aggregation of each kind storefronts ask for (price bounds, price buckets, option names), so that
  // `aggregationData` is answered and compared.
  "productsV3.searchProducts": read(
    async () =>
      catalogV3Client().productsV3.searchProducts(
        {
          cursorPaging: { limit: 100 },
          aggregations: [
            { name: "minPrice", fieldPath: "actualPriceRange.minValue.amount", type: "SCALAR", scalar: { type: "MIN" } },
            {
              name: "prices",
              fieldPath: "actualPriceRange.minValue.amount",
              type: "RANGE",
              range: { buckets: [{ from: 0, to: 50 }, { from: 50 }] },
            },
            {
              name: "optionNames",
              fieldPath: "options.name",
              type: "VALUE",
              value: { limit: 20, sortType: "VALUE", sortDirection: "ASC" },
            },
          ],
        },
        { fields: [...V3_PRODUCT_FIELDS] },
      ),
    V3_SITE,
  ),
  "productsV3.searchProducts.longQuery": read(async () => {
    const c = catalogV3Client();
    // The SDK's names in filters (`_id`), renamed to the wire's (`id`) on the way out.
    const filter = { _id: { $in: [(await firstV3Product(c))._id, ...LONG_ID_LIST] } };
    return c.productsV3.searchProducts({ filter, cursorPaging: { limit: 10 } }, { fields: [...V3_PRODUCT_FIELDS] });
  }, V3_SITE),
  "productsV3.countProducts": read(async () => catalogV3Client().productsV3.countProducts({}), V3_SITE),
  "productsV3.countProducts.longQuery": read(async () => {
    const c = catalogV3Client();
    return c.productsV3.countProducts({ filter: { _id: { $in: [(await firstV3Product(c))._id, ...LONG_ID_LIST] } } });
  }, V3_SITE),
  "customizationsV3.queryCustomizations": read(
    async () => catalogV3Client().customizationsV3.queryCustomizations().limit(10).find(),
    V3_SITE,
  ),
  "customizationsV3.queryCustomizations.longQuery": read(async () => {
    const c = catalogV3Client();
    const [first] = (await c.customizationsV3.queryCustomizations().limit(1).find()).items;
    if (!first?._id) throw new Unavailable("the site has no product option");
    return c.customizationsV3
      .queryCustomizations()
      .in("_id", [first._id, ...LONG_ID_LIST])
      .find();
  }, V3_SITE),
  "productsV3.getAllProductsCategory": read(async () => catalogV3Client().productsV3.getAllProductsCategory(), V3_SITE),
  "readOnlyVariantsV3.queryVariants": read(async () => {
    const c = catalogV3Client();
    return c.readOnlyVariantsV3
      .queryVariants({ fields: ["CURRENCY"] })
      .eq("productData.productId", (await firstV3Product(c))._id)
      .find();
  }, V3_SITE),
  "readOnlyVariantsV3.searchVariants": read(
    async () => catalogV3Client().readOnlyVariantsV3.searchVariants({ cursorPaging: { limit: 100 } }, { fields: ["CURRENCY"] }),
    V3_SITE,
  ),
  "inventoryItemsV3.queryInventoryItems": read(
    async () => catalogV3Client().inventoryItemsV3.queryInventoryItems().limit(10).find(),
    V3_SITE,
  ),
  "inventoryItemsV3.queryInventoryItems.longQuery": read(async () => {
    const c = catalogV3Client();
    return c.inventoryItemsV3
      .queryInventoryItems()
      .in("productId", [(await firstV3Product(c))._id, ...LONG_ID_LIST])
      .find();
  }, V3_SITE),
  "inventoryItemsV3.searchInventoryItems": read(
    async () => catalogV3Client().inventoryItemsV3.searchInventoryItems({ cursorPaging: { limit: 10 } }),
    V3_SITE,
  ),
  "inventoryItemsV3.searchInventoryItems.longQuery": read(async () => {
    const c = catalogV3Client();
    const filter = { productId: { $in: [(await firstV3Product(c))._id, ...LONG_ID_LIST] } };
    return c.inventoryItemsV3.searchInventoryItems({ filter, cursorPaging: { limit: 10 } });
  }, V3_SITE),
  "inventoryItemsV3.getInventoryItem": read(async () => {
    const c = catalogV3Client();
    const [item] = (await c.inventoryItemsV3.queryInventoryItems().limit(1).find()).items;
    if (!item?._id) throw new Unavailable("the site has no inventory item to read");
    return c.inventoryItemsV3.getInventoryItem(item._id);
  }, V3_SITE),
  // The owner's catalog writes (app/.server/admin/shop-products.server.ts), on a V3 site, then on the suite's V1 site.
  "productsV3.updateProduct": write(async (w) => {
    const { items } = await w.admin().productsV3.queryProducts().limit(100).find();
    const first = items.find((p) => (p.options ?? []).length > 0) ?? items[0];
    if (!first?._id) throw new Unavailable("the site has no product to change");
    return w
      .admin()
      .productsV3.updateProduct(first._id, { revision: first.revision!, ribbon: { name: "Nouveau" } } as Parameters<
        ReturnType<World["admin"]>["productsV3"]["updateProduct"]
      >[1]);
  }, V3_SITE),
  "inventoryItemsV3.updateInventoryItem": write(async (w) => {
    const [item] = (await w.admin().inventoryItemsV3.queryInventoryItems().limit(1).find()).items;
    if (!item?._id) throw new Unavailable("the site has no inventory item to change");
    return w.admin().inventoryItemsV3.updateInventoryItem(item._id, { revision: item.revision!, trackQuantity: true, quantity: 12 });
  }, V3_SITE),
  "inventoryItemsV3.bulkIncrementInventoryItems": write(async (w) => {
    const [item] = (await w.admin().inventoryItemsV3.queryInventoryItems().eq("trackQuantity", true).limit(1).find()).items;
    if (!item?._id) throw new Unavailable("the site has no counted inventory item");
    return w.admin().inventoryItemsV3.bulkIncrementInventoryItems([{ inventoryItemId: item._id, incrementBy: 1 }], { returnEntity: true });
  }, V3_SITE),
  "products.updateProduct": write(async (w) =>
    w
      .admin()
      .products.updateProduct((await w.product())._id, { ribbon: "Nouveau" } as Parameters<
        ReturnType<World["admin"]>["products"]["updateProduct"]
      >[1]),
  ),
  "inventory.updateInventoryVariants": write(async (w) => {
    const id = (await w.product())._id;
    const { variants } = await w.admin().products.queryProductVariants(id);
    return w
      .admin()
      .inventory.updateInventoryVariants(id, { trackQuantity: true, variants: [{ variantId: variants![0]!._id!, quantity: 9 }] });
  }),
  "inventory.incrementInventory": write(async (w) => {
    const id = (await w.product())._id;
    const { variants } = await w.admin().products.queryProductVariants(id);
    return w.admin().inventory.incrementInventory([{ productId: id, variantId: variants![0]!._id!, incrementBy: 1 }]);
  }),
  // The coupons (@wix/marketing): a code of its own per run, so a real site never holds it already.
  "coupons.queryCoupons": read(async (w) => w.admin().coupons.queryCoupons({ paging: { limit: 5 } })),
  "coupons.createCoupon": write(async (w) => newCoupon(w)),
  "coupons.updateCoupon": write(async (w) => w.admin().coupons.updateCoupon((await newCoupon(w))._id!, { active: false })),
  "coupons.deleteCoupon": write(async (w) => w.admin().coupons.deleteCoupon((await newCoupon(w))._id!)),
  "categories.queryCategories": read(
    async () => catalogV3Client().categories.queryCategories({ treeReference: STORES_TREE }).exists("name", true).limit(2).find(),
    V3_SITE,
  ),
  "categories.getCategory": read(async () => {
    const c = catalogV3Client();
    return c.categories.getCategory((await firstV3Category(c))._id, STORES_TREE, { fields: ["DESCRIPTION", "BREADCRUMBS_INFO"] });
  }, V3_SITE),
  "categories.getCategoryBySlug": read(async () => {
    const c = catalogV3Client();
    return c.categories.getCategoryBySlug((await firstV3Category(c)).slug, STORES_TREE, { fields: ["DESCRIPTION", "BREADCRUMBS_INFO"] });
  }, V3_SITE),
  "categories.listItemsInCategory": read(async () => {
    const c = catalogV3Client();
    return c.categories.listItemsInCategory((await firstV3Category(c))._id, STORES_TREE, { cursorPaging: { limit: 2 } });
  }, V3_SITE),
  // ------------------------------------------------------------------ current cart (a visitor's own cart)
  "currentCart.addToCurrentCart": write(async (w) => cartWithProduct(w)),
  // A cart that was checked out (the documented Get Cart example's cart has its checkoutId) and has a coupon.
  "currentCart.getCurrentCart": write(async (w) => {
    const { client } = await cartWithProduct(w);
    await client.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10" }).catch(() => undefined);
    await client.currentCart.createCheckoutFromCurrentCart({ channelType: "WEB" });
    return client.currentCart.getCurrentCart();
  }),
  "currentCart.updateCurrentCartLineItemQuantity": write(async (w) => {
    const { client, cart } = await cartWithProduct(w);
    await client.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10" });
    return client.currentCart.updateCurrentCartLineItemQuantity([{ _id: cart.lineItems![0]!._id!, quantity: 3 }]);
  }),
  "currentCart.updateCurrentCart": write(async (w) => {
    const { client } = await cartWithProduct(w);
    return client.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10", cartInfo: { buyerNote: "Note" } });
  }),
  "currentCart.removeCouponFromCurrentCart": write(async (w) => {
    const { client } = await cartWithProduct(w);
    await client.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10" });
    return client.currentCart.removeCouponFromCurrentCart();
  }),
  "currentCart.estimateCurrentCartTotals": write(async (w) => {
    const { client } = await cartWithProduct(w);
    await client.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10" });
    return client.currentCart.estimateCurrentCartTotals({ shippingAddress: SHIPPING_ADDRESS });
  }),
  // Two products in the cart, one removed: the answer's cart still has a line to compare.
  "currentCart.removeLineItemsFromCurrentCart": write(async (w) => {
    const { client, cart } = await cartWithProduct(w);
    await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef((await otherProduct(w))._id), quantity: 1 }] });
    return client.currentCart.removeLineItemsFromCurrentCart([cart.lineItems![0]!._id!]);
  }),
  "currentCart.createCheckoutFromCurrentCart": write(async (w) => checkoutId(w)),
  "currentCart.deleteCurrentCart": write(async (w) => (await cartWithProduct(w)).client.currentCart.deleteCurrentCart()),
  // ------------------------------------------------------------------ checkout
  "checkout.getCheckout": write(async (w) => {
    const { client, id } = await checkoutId(w);
    return client.checkout.getCheckout(id);
  }),
  "checkout.updateCheckout": write(async (w) => {
    const { client, id } = await checkoutId(w);
    return client.checkout.updateCheckout(
      id,
      { buyerNote: "Merci", billingInfo: { address: SHIPPING_ADDRESS }, customFields: [{ title: "Référence", value: "GOLDEN" }] },
      {},
    );
  }),
  "checkout.getCheckoutUrl": write(async (w) => {
    const { client, id } = await checkoutId(w);
    return client.checkout.getCheckoutUrl(id);
  }),
  // ------------------------------------------------------------------ Cart V2 (the visitor's own cart; Place Order is the site's)
  // A cart with a coupon gets one more line: the answer has the coupon and the line discounts to compare.
  "currentCartV2.addLineItemsToCurrentCart": write(async (w) => {
    const { client } = await cartV2With(w, true);
    return client.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [{ catalogReference: productRef((await otherProduct(w))._id).catalogReference, quantity: 1 }],
    });
  }),
  "currentCartV2.getCurrentCart": write(async (w) => (await readyCartV2(w)).client.currentCartV2.getCurrentCart()),
  "currentCartV2.createCurrentCart": write(async (w) => {
    const p = await w.product();
    return (await w.visitor()).currentCartV2.createCurrentCart({
      catalogItems: [{ catalogReference: productRef(p._id, p.options).catalogReference, quantity: 1 }],
      coupons: [{ code: "BIENVENUE10" }],
    });
  }),
  "currentCartV2.updateCurrentCart": write(async (w) => {
    const { client } = await cartV2With(w, true);
    return client.currentCartV2.updateCurrentCart({
      note: "Note",
      customerInfo: { firstName: "Camille", email: "acheteur@exemple.fr" },
      deliveryInfo: { address: SHIPPING_ADDRESS },
      paymentInfo: { billingAddress: SHIPPING_ADDRESS },
    });
  }),
  "currentCartV2.refreshCurrentCart": write(async (w) => (await readyCartV2(w)).client.currentCartV2.refreshCurrentCart()),
  "currentCartV2.calculateCurrentCart": write(async (w) => (await readyCartV2(w)).client.currentCartV2.calculateCurrentCart()),
  "currentCartV2.estimateCurrentCart": write(async (w) =>
    (await readyCartV2(w)).client.currentCartV2.estimateCurrentCart({ calculateDelivery: true, calculateTax: true }),
  ),
  "currentCartV2.updateLineItemsInCurrentCart": write(async (w) => {
    const { client, cart } = await cartV2With(w, true);
    return client.currentCartV2.updateLineItemsInCurrentCart({
      lineItems: [{ lineItemId: cart.lineItems![0]!._id!, quantity: { newQuantity: 1 } }],
    });
  }),
  "currentCartV2.removeLineItemsFromCurrentCart": write(async (w) => {
    const { client, cart } = await cartV2With(w, true);
    await client.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [{ catalogReference: productRef((await otherProduct(w))._id).catalogReference, quantity: 1 }],
    });
    return client.currentCartV2.removeLineItemsFromCurrentCart([cart.lineItems![0]!._id!]);
  }),
  "currentCartV2.addCouponToCurrentCart": write(async (w) =>
    (await cartV2With(w)).client.currentCartV2.addCouponToCurrentCart({ code: "BIENVENUE10" }),
  ),
  "currentCartV2.removeCouponFromCurrentCart": write(async (w) => {
    const { client } = await cartV2With(w);
    const { cart } = await client.currentCartV2.addCouponToCurrentCart({ code: "BIENVENUE10" });
    return client.currentCartV2.removeCouponFromCurrentCart(cart!.coupons![0]!._id!);
  }),
  "currentCartV2.setDeliveryMethodForCurrentCart": write(async (w) => {
    const { client } = await readyCartV2(w);
    return client.currentCartV2.setDeliveryMethodForCurrentCart({ code: "pickup" });
  }),
  "currentCartV2.removeDeliveryMethodFromCurrentCart": write(async (w) =>
    (await readyCartV2(w)).client.currentCartV2.removeDeliveryMethodFromCurrentCart(),
  ),
  "currentCartV2.deleteCurrentCart": write(async (w) => (await cartV2With(w)).client.currentCartV2.deleteCurrentCart()),
  "cartV2.getCart": write(async (w) => {
    const { client, cart } = await readyCartV2(w);
    return client.cartV2.getCart(cart._id!);
  }),
  "cartV2.getCheckoutUrl": write(async (w) => {
    const { client, cart } = await readyCartV2(w);
    return client.cartV2.getCheckoutUrl(cart._id!);
  }),
  "deliverySolutions.getDeliverySolutions": write(async (w) => readyCartV2(w)),
  // ------------------------------------------------------------------ redirects
  "redirects.createRedirectSession": write(async (w) => {
    const { client, id } = await checkoutId(w);
    return client.redirects.createRedirectSession({ ecomCheckout: { checkoutId: id }, callbacks: CALLBACKS });
  }),
  // ------------------------------------------------------------------ orders (owner's reads first)
  "orders.getOrder": read(async (w) => w.admin().orders.getOrder(await anyOrderId(w))),
  "orders.searchOrders": read(async (w) => w.admin().orders.searchOrders({ cursorPaging: { limit: 5 } })),
  "orderTransactions.listTransactionsForSingleOrder": read(async (w) =>
    w.admin().orderTransactions.listTransactionsForSingleOrder(await anyOrderId(w)),
  ),
  "orderTransactions.listTransactionsForMultipleOrders": read(async (w) =>
    w.admin().orderTransactions.listTransactionsForMultipleOrders([await anyOrderId(w)]),
  ),
  "orders.getPaymentCollectabilityStatus": read(async (w) => w.admin().orders.getPaymentCollectabilityStatus(await anyOrderId(w))),
  "orders.updateOrder": write(async (w) => w.admin().orders.updateOrder(await newOrder(w), { buyerNote: "Vu" })),
  "orders.bulkUpdateOrders": write(async (w) =>
    w.admin().orders.bulkUpdateOrders([{ order: { _id: await newOrder(w), buyerNote: "Vu en lot" } }], { returnEntity: true }),
  ),
  "orders.bulkUpdateOrderTags": write(async (w) =>
    w.admin().orders.bulkUpdateOrderTags([await newOrder(w)], { assignTags: { tags: { tagIds: ["golden"] } } }),
  ),
  "orders.captureAuthorizedPayments": write(async (w) => {
    const { id, paymentId } = await authorizedPayment(w, "10004");
    return w.admin().orders.captureAuthorizedPayments(id, [{ paymentId }]);
  }),
  "orders.voidAuthorizedPayments": write(async (w) => {
    const { id, paymentId } = await authorizedPayment(w, "10005");
    return w.admin().orders.voidAuthorizedPayments(id, [paymentId]);
  }),
  "orders.preparePaymentCollection": write(async (w) => {
    const id = await newOrder(w, "delivery");
    const order = await w.admin().orders.getOrder(id);
    return w.admin().orders.preparePaymentCollection(id, { amount: order.priceSummary!.total!.amount! });
  }),
  "orders.paymentCollectionMarkOrderAsPaid": write(async (w) => {
    const id = await newOrder(w, "delivery");
    // Exported by the SDK at run time, missing from its typings.
    const collector = w.admin().orders as unknown as { paymentCollectionMarkOrderAsPaid(id: string): Promise<unknown> };
    return collector.paymentCollectionMarkOrderAsPaid(id);
  }),
  "orders.cancelOrder": write(async (w) =>
    w.admin().orders.cancelOrder(await newOrder(w, "delivery"), { restockAllItems: true, sendOrderCanceledEmail: false }),
  ),
  // ------------------------------------------------------------------ an order's life: refunds, fulfilments, invoices, notes
  // Reads take any order of the site (wix:check may send them); writes take the seed's orders (embedded only).
  "orderBilling.getOrderRefundability": read(async (w) => w.admin().orderBilling.getOrderRefundability(await anyOrderId(w))),
  "orderBilling.calculateRefund": read(async (w) => {
    const order = await w.admin().orders.getOrder(await anyOrderId(w));
    return w.admin().orderBilling.calculateRefund(order._id!, {
      refundItems: { lineItems: [{ lineItemId: order.lineItems![0]!._id!, quantity: 1 }], shipping: {} },
    });
  }),
  "orderBilling.refundPayments": write(async (w) => {
    const { id, order, paymentId } = await seededOrder(w, "10012");
    return w.admin().orderBilling.refundPayments(id, {
      paymentRefunds: [{ paymentId }],
      refundItems: { lineItems: [{ lineItemId: order.lineItems![0]!._id!, quantity: 1 }], shipping: {} },
      customerReason: "Article retourné",
    });
  }),
  "orderFulfillments.createFulfillment": write(async (w) => {
    const { id, order } = await seededOrder(w, "10013");
    return w.admin().orderFulfillments.createFulfillment(id, {
      lineItems: [{ _id: order.lineItems![0]!._id! }],
      trackingInfo: { shippingProvider: "dhl", trackingNumber: "GOLDEN1" },
    });
  }),
  // On the embedded platform the reads make their own data first (wix:check runs them on a fresh site).
  "orderFulfillments.listFulfillmentsForSingleOrder": read(async (w) =>
    w.admin().orderFulfillments.listFulfillmentsForSingleOrder(w.target === "embedded" ? await fulfilledOrder(w) : await anyOrderId(w)),
  ),
  "orderFulfillments.listFulfillmentsForMultipleOrders": read(async (w) =>
    w
      .admin()
      .orderFulfillments.listFulfillmentsForMultipleOrders([w.target === "embedded" ? await fulfilledOrder(w) : await anyOrderId(w)]),
  ),
  "orderFulfillments.updateFulfillment": write(async (w) => {
    const { id, order } = await seededOrder(w, "10014");
    const { fulfillmentId } = await w
      .admin()
      .orderFulfillments.createFulfillment(id, { lineItems: [{ _id: order.lineItems![0]!._id! }], status: "Ready" });
    return w
      .admin()
      .orderFulfillments.updateFulfillment(
        { orderId: id, fulfillmentId: fulfillmentId! },
        { fulfillment: { status: "Fulfilled", completed: true } },
      );
  }),
  "orderFulfillments.deleteFulfillment": write(async (w) => {
    const { id, order } = await seededOrder(w, "10015");
    const { fulfillmentId } = await w.admin().orderFulfillments.createFulfillment(id, { lineItems: [{ _id: order.lineItems![0]!._id! }] });
    return w.admin().orderFulfillments.deleteFulfillment({ orderId: id, fulfillmentId: fulfillmentId! });
  }),
  "orderFulfillments.bulkCreateFulfillments": write(async (w) => {
    const { id, order } = await seededOrder(w, "10016");
    return w
      .admin()
      .orderFulfillments.bulkCreateFulfillments([{ orderId: id, fulfillments: [{ lineItems: [{ _id: order.lineItems![0]!._id! }] }] }]);
  }),
  "orderInvoices.generateInvoice": write(async (w) => {
    // Exported by the SDK at run time, missing from its typings.
    const invoices = w.admin().orderInvoices as unknown as { generateInvoice(orderId: string): Promise<unknown> };
    return invoices.generateInvoice((await seededOrder(w, "10017")).id);
  }),
  "orderInvoices.listInvoicesForMultipleOrders": read(async (w) =>
    w.admin().orderInvoices.listInvoicesForMultipleOrders([w.target === "embedded" ? await invoicedOrder(w) : await anyOrderId(w)]),
  ),
  "orderInvoices.addInvoiceToOrder": write(async (w) => {
    const invoices = w.admin().orderInvoices as unknown as {
      addInvoiceToOrder(orderId: string, info: { id: string; appId: string }): Promise<unknown>;
    };
    return invoices.addInvoiceToOrder((await seededOrder(w, "10018")).id, {
      id: "7f3e2d1c-0b9a-4c8d-9e7f-6a5b4c3d2e1f",
      appId: "5c0e9d2a-7b1f-4e3a-9c6d-2f8b4a1e0d17",
    });
  }),
  "orders.addActivities": write(async (w) =>
    w.admin().orders.addActivities((await seededOrder(w, "10002")).id, {
      orderActivities: [{ activityType: "MERCHANT_COMMENT", merchantComment: { message: "Client rappelé" } }],
    }),
  ),
  // ------------------------------------------------------------------ the quotes: Wix Data, Draft Orders, Order Payment Requests
  "items.insert": write(async (w) => w.admin().items.insert(QUOTES, goldenQuote())),
  "items.update": write(async (w) => {
    const item = await w.admin().items.insert(QUOTES, goldenQuote());
    return w.admin().items.update(QUOTES, { ...item, status: "SENT" });
  }),
  "items.get": write(async (w) => w.admin().items.get(QUOTES, await newQuoteItem(w))),
  "items.query": read(async (w) => {
    if (w.target === "embedded") await newQuoteItem(w);
    return w.admin().items.query(QUOTES).descending("number").limit(10).find();
  }),
  // Past 2048 characters of query the SDK sends it as a POST.
  "items.query.longQuery": write(async (w) =>
    w
      .admin()
      .items.query(QUOTES)
      .hasSome("_id", [await newQuoteItem(w), ...LONG_ID_LIST])
      .find(),
  ),
  "draftOrders.createDraftOrder": write(async (w) => goldenDraft(w)),
  "draftOrders.addLineItemsToDraftOrder": write(async (w) =>
    w.admin().draftOrders.addLineItemsToDraftOrder(await goldenDraft(w), {
      customLineItems: [{ productName: { original: "Audit" }, price: { amount: "1200.00" }, quantity: 1, itemType: { preset: "SERVICE" } }],
    }),
  ),
  "draftOrders.getDraftOrder": write(async (w) => w.admin().draftOrders.getDraftOrder(await goldenDraft(w))),
  "draftOrders.createOrderFromDraft": write(async (w) => w.admin().draftOrders.createOrderFromDraft(await goldenDraft(w), NO_MAIL)),
  "draftOrders.deleteDraftOrder": write(async (w) => w.admin().draftOrders.deleteDraftOrder(await goldenDraft(w))),
  "orderPaymentRequests.createOrderPaymentRequest": write(async (w) => goldenPaymentRequest(w)),
  "orderPaymentRequests.getOrderPaymentRequest": write(async (w) =>
    w.admin().orderPaymentRequests.getOrderPaymentRequest(await goldenPaymentRequest(w)),
  ),
  "orderPaymentRequests.getOrderPaymentRequestUrl": write(async (w) =>
    w.admin().orderPaymentRequests.getOrderPaymentRequestUrl(await goldenPaymentRequest(w)),
  ),
  "orderPaymentRequests.queryOrderPaymentRequests": read(async (w) => {
    if (w.target === "embedded") await goldenPaymentRequest(w);
    return w.admin().orderPaymentRequests.queryOrderPaymentRequests().limit(10).find();
  }),
  "orderPaymentRequests.voidOrderPaymentRequest": write(async (w) =>
    w.admin().orderPaymentRequests.voidOrderPaymentRequest(await goldenPaymentRequest(w)),
  ),
  // ------------------------------------------------------------------ members: the member herself
  "members.getCurrentMember.FULL": write(async (w) => (await w.member()).members.getCurrentMember({ fieldsets: ["FULL"] })),
  "members.getCurrentMember.PUBLIC": write(async (w) => (await w.member()).members.getCurrentMember({ fieldsets: ["PUBLIC"] })),
  "members.getCurrentMember.EXTENDED": write(async (w) => (await w.member()).members.getCurrentMember({ fieldsets: ["EXTENDED"] })),
  "members.updateCurrentMemberSlug": write(async (w) =>
    (await w.member()).members.updateCurrentMemberSlug(`camille-${Date.now().toString(36)}`),
  ),
  "members.joinCommunity": write(async (w) => (await w.member()).members.joinCommunity()),
  "members.leaveCommunity": write(async (w) => (await w.member()).members.leaveCommunity()),
  // ------------------------------------------------------------------ members: the owner's calls
  "members.listMembers.FULL": read(async (w) => w.admin().members.listMembers({ fieldsets: ["FULL"], paging: { limit: 5 } })),
  "members.listMembers.PUBLIC": read(async (w) => w.admin().members.listMembers({ fieldsets: ["PUBLIC"], paging: { limit: 5 } })),
  "members.queryMembers": read(async (w) =>
    w
      .admin()
      .members.queryMembers({ fieldsets: ["FULL"] })
      .limit(5)
      .find(),
  ),
  "members.getMember.FULL": read(async (w) => w.admin().members.getMember(await anyMemberId(w), { fieldsets: ["FULL"] })),
  "members.getMember.PUBLIC": read(async (w) => w.admin().members.getMember(await anyMemberId(w), { fieldsets: ["PUBLIC"] })),
  "members.getMember.EXTENDED": read(async (w) => w.admin().members.getMember(await anyMemberId(w), { fieldsets: ["EXTENDED"] })),
  "members.createMember": write(async (w) => freshMember(w)),
  "members.updateMember": write(async (w) =>
    w
      .admin()
      .members.updateMember(await freshMember(w), { contact: { firstName: "Gilda", lastName: "Golden" }, profile: { nickname: "gg" } }),
  ),
  "memberAuthentication.changeLoginEmail": write(async (w) =>
    w
      .admin()
      .use(memberAuthentication)
      .changeLoginEmail(await freshMember(w), `golden-moved-${Date.now().toString(36)}@exemple.fr`),
  ),
  "members.updateMemberSlug": write(async (w) =>
    w.admin().members.updateMemberSlug(await freshMember(w), `golden-${Date.now().toString(36)}`),
  ),
  "members.muteMember": write(async (w) => w.admin().members.muteMember(await freshMember(w))),
  "members.unmuteMember": write(async (w) => {
    const id = await freshMember(w);
    await w.admin().members.muteMember(id);
    return w.admin().members.unmuteMember(id);
  }),
  "members.blockMember": write(async (w) => w.admin().members.blockMember(await freshMember(w))),
  "members.approveMember": write(async (w) => {
    const id = await freshMember(w);
    await w.admin().members.blockMember(id);
    return w.admin().members.approveMember(id);
  }),
  "members.disconnectMember": write(async (w) => w.admin().members.disconnectMember(await freshMember(w))),
  "members.deleteMemberPhones": write(async (w) => w.admin().members.deleteMemberPhones(await freshMember(w))),
  "members.deleteMemberEmails": write(async (w) => w.admin().members.deleteMemberEmails(await freshMember(w))),
  "members.deleteMemberAddresses": write(async (w) => w.admin().members.deleteMemberAddresses(await freshMember(w))),
  "members.deleteMember": write(async (w) => w.admin().members.deleteMember(await freshMember(w))),
  "members.bulkDeleteMembersByFilter": write(async (w) => {
    await freshMember(w);
    return w.admin().members.bulkDeleteMembersByFilter({ loginEmail: { $startsWith: "golden-" } });
  }),
  "members.bulkDeleteMembers": write(async (w) => w.admin().members.bulkDeleteMembers([await freshMember(w)])),
  "members.bulkApproveMembers": write(async (w) => w.admin().members.bulkApproveMembers({ status: "PENDING" })),
  "members.bulkBlockMembers": write(async (w) => {
    await freshMember(w);
    return w.admin().members.bulkBlockMembers({ loginEmail: { $startsWith: "golden-" } });
  }),
  // The last member call: Alex deletes his own account.
  "members.deleteMyMember": write(async (w) => (await w.member(ALEX)).members.deleteMyMember()),
  // ------------------------------------------------------------------ app-identity methods (ecom)
  "recommendations.listAvailableAlgorithms": read(async (w) => w.admin().recommendations.listAvailableAlgorithms()),
  // ------------------------------------------------------------------ forms
  "submissions.createSubmission": write(async () =>
    createClient({ modules: { submissions }, auth: OAuthStrategy({ clientId }) }).submissions.createSubmission({
      formId: process.env.CONTACT_FORM_ID ?? (await import("../../../platform/forms/forms")).CONTACT_FORM_ID,
      submissions: { name: "Golden", email: "golden@exemple.fr", subject: "autre", message: "Une demande de devis pour un audit." },
    }),
  ),
  "submissions.querySubmissionsByNamespace": read(async (w) => {
    if (w.target === "embedded") await freshSubmission(w);
    return w.admin().submissions.querySubmissionsByNamespace().eq("namespace", "wix.form_app.form").limit(5).find();
  }),
  // A contact request's status (the back-office): handled (seen), archived (trash bin), restored.
  "submissions.bulkMarkSubmissionsAsSeen": write(async (w) =>
    w.admin().submissions.bulkMarkSubmissionsAsSeen([await freshSubmission(w)], await formId()),
  ),
  "submissions.deleteSubmission": write(async (w) => w.admin().submissions.deleteSubmission(await freshSubmission(w))),
  "submissions.listDeletedSubmissions": read(async (w) => {
    if (w.target === "embedded") await w.admin().submissions.deleteSubmission(await freshSubmission(w));
    return w.admin().submissions.listDeletedSubmissions(await formId(), { paging: { limit: 5 } });
  }),
  "submissions.restoreSubmissionFromTrashBin": write(async (w) => {
    const id = await freshSubmission(w);
    await w.admin().submissions.deleteSubmission(id);
    return w.admin().submissions.restoreSubmissionFromTrashBin(id);
  }),
  // ------------------------------------------------------------------ direct login (IAM)
  "auth.register": write(async () =>
    makeClient().auth.register({ email: `golden-${Date.now()}@exemple.fr`, password: "motdepasse-golden" }),
  ),
  "auth.login": write(async () => makeClient().auth.login(DEMO)),
  "auth.processVerification": write(
    async (w) => {
      const client = makeClient();
      const email = `verifie-${Date.now()}@exemple.fr`;
      await client.auth.register({ email, password: "motdepasse-golden" });
      const mail = w
        .platform()
        .outbox()
        .find((m) => m.to === email && m.kind === "verification-code");
      return client.auth.processVerification({ verificationCode: String(mail?.data.code) });
    },
    { signupPolicy: "verify-email" },
  ),
  // The same password again: the demo member's login stays as the other calls expect it.
  "authentication.changePassword": write(async (w) => (await w.member(DEMO)).use(authentication).changePassword(DEMO.password)),
  "auth.sendPasswordResetEmail": write(async () => makeClient().auth.sendPasswordResetEmail(DEMO.email, `${APP_ORIGIN}/connexion`)),
  // Last: the order it places would otherwise be the newest one the owner's order reads above compare.
  "cartV2.placeOrder": write(async (w) => w.admin().cartV2.placeOrder((await readyCartV2(w, false)).cart._id!)),
};

/** A seeded order whose card payment is only authorized (embedded seed: 10004 to 10007), and its payment. */
async function authorizedPayment(w: World, number: string) {
  w.platform();
  const { orders: found } = await w.admin().orders.searchOrders({ filter: { number: { $eq: number } } });
  const id = found![0]!._id!;
  const { orderTransactions: t } = await w.admin().orderTransactions.listTransactionsForSingleOrder(id);
  return { id, paymentId: t!.payments![0]!._id! };
}

/** A seed order of the embedded platform (platform/seed/demo.json), its first payment's id; Unavailable on a real site. */
async function seededOrder(w: World, number: string) {
  w.platform();
  const { orders: found } = await w.admin().orders.searchOrders({ filter: { number: { $eq: number } } });
  const order = found![0]!;
  const { orderTransactions: t } = await w.admin().orderTransactions.listTransactionsForSingleOrder(order._id!);
  return { id: order._id!, order, paymentId: t!.payments![0]!._id! };
}

/** Seed order 10013 with a fulfilment (made here unless an earlier call made one): its id. */
async function fulfilledOrder(w: World) {
  const { id, order } = await seededOrder(w, "10013");
  const { orderWithFulfillments } = await w.admin().orderFulfillments.listFulfillmentsForSingleOrder(id);
  if (!orderWithFulfillments?.fulfillments?.length)
    await w.admin().orderFulfillments.createFulfillment(id, {
      lineItems: [{ _id: order.lineItems![0]!._id! }],
      trackingInfo: { shippingProvider: "dhl", trackingNumber: "GOLDEN1" },
    });
  return id;
}

/** Seed order 10017 with an invoice (generated here unless an earlier call did): its id. */
async function invoicedOrder(w: World) {
  const { id } = await seededOrder(w, "10017");
  const { invoicesForOrder } = await w.admin().orderInvoices.listInvoicesForMultipleOrders([id]);
  const invoices = w.admin().orderInvoices as unknown as { generateInvoice(orderId: string): Promise<unknown> };
  if (!invoicesForOrder?.[0]?.invoicesInfo?.length) await invoices.generateInvoice(id);
  return id;
}

const formId = async () => process.env.CONTACT_FORM_ID ?? (await import("../../../platform/forms/forms")).CONTACT_FORM_ID;

/** A new contact request (a visitor's submission), for the owner's status calls. */
async function freshSubmission(w: World) {
  w.platform();
  const created = await createClient({ modules: { submissions }, auth: OAuthStrategy({ clientId }) }).submissions.createSubmission({
    formId: await formId(),
    submissions: { name: "Golden", email: "golden@exemple.fr", subject: "audit", message: "Un audit de notre application." },
  });
  return created._id!;
}

async function anyMemberId(w: World) {
  const { members: list } = await w.admin().members.listMembers({ paging: { limit: 1 } });
  const id = list?.[0]?._id;
  if (!id) throw new Unavailable("the site has no member to read");
  return id;
}

/** The World of one target: the embedded platform given, or a real site (WIX_CLIENT_ID, WIX_API_KEY, WIX_SITE_ID). */
export function makeWorld(target: "wix" | "embedded", platform?: () => Platform): World {
  let product: Promise<{ _id: string; options?: Record<string, string> }> | undefined;
  let collection: Promise<{ _id: string; slug: string }> | undefined;
  const memberClients = new Map<string, Promise<Client>>();
  const visitor = async () => {
    const c = makeClient();
    c.auth.setTokens(await c.auth.generateVisitorTokens());
    return c;
  };
  const world: World = {
    target,
    platform() {
      if (!platform) throw new Unavailable("needs the embedded platform's hosted pages");
      return platform();
    },
    visitor,
    member(who = DEMO) {
      let c = memberClients.get(who.email);
      if (!c) {
        // With a phone, so her contact's phones have an element to compare.
        c = loginThroughHostedPage(world.platform(), who).then(async ({ client }) => {
          const { member } = await client.members.getCurrentMember();
          await client.members.updateMember(member!._id!, { contact: { phones: ["0611223344"] } });
          return client;
        });
        memberClients.set(who.email, c);
      }
      return c;
    },
    admin() {
      if (target === "embedded") return adminClient(ADMIN_API_KEY, ADMIN_SITE_ID);
      const apiKey = process.env.WIX_API_KEY;
      const siteId = process.env.WIX_SITE_ID;
      if (!apiKey || !siteId) throw new Unavailable("the owner's calls need WIX_API_KEY and WIX_SITE_ID");
      return adminClient(apiKey, siteId);
    },
    product() {
      product ??= (async () => {
        const { items } = await (await visitor()).products.queryProducts().limit(100).find();
        // A physical product with options: its cart has shipping, variants and description lines to compare.
        const inStock = items.filter((p) => p.stock?.inStock);
        const physical = inStock.filter((p) => p.productType === "physical");
        const withOptions = (list: typeof items) => list.find((p) => (p.productOptions ?? []).length > 0 && p.manageVariants);
        const chosen = withOptions(physical) ?? physical[0] ?? withOptions(inStock) ?? inStock[0] ?? items[0];
        if (!chosen?._id) throw new Unavailable("the catalog has no product");
        const options = Object.fromEntries(
          (chosen.productOptions ?? []).map((o) => [o.name!, (o.choices ?? []).find((c) => c.inStock !== false)?.description ?? ""]),
        );
        return { _id: chosen._id, ...(Object.keys(options).length ? { options } : {}) };
      })();
      return product;
    },
    collection() {
      collection ??= (async () => {
        const { items } = await (await visitor()).collections.queryCollections().limit(50).find();
        const chosen = items.find((c) => c.slug && c.slug !== "all-products") ?? items[0];
        if (!chosen?._id || !chosen.slug) throw new Unavailable("the catalog has no collection");
        return { _id: chosen._id, slug: chosen.slug };
      })();
      return collection;
    },
  };
  return world;
}
