// What the SDK's REST typings fix about an answer's values: for each field name of a module, the members of the enum
// it is typed with, and whether it may be null. Read from the module's `build/cjs/meta.d.ts` (the REST shapes, in
// JSON's field names: `id`, not `_id`), so the golden comparison checks a platform answer against the typings the
// app is compiled with.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Typings } from "./compare";

/** The SDK module behind a golden call's prefix (`orders.searchOrders` → orders). */
const MODULES: Record<string, string> = {
  cartV2: "@wix/auto_sdk_ecom_cart-v-2",
  catalogVersioning: "@wix/auto_sdk_stores_catalog-versioning",
  categories: "@wix/auto_sdk_categories_categories",
  checkout: "@wix/auto_sdk_ecom_checkout",
  collections: "@wix/auto_sdk_stores_collections",
  currentCart: "@wix/auto_sdk_ecom_current-cart",
  currentCartV2: "@wix/auto_sdk_ecom_current-cart-v-2",
  deliverySolutions: "@wix/auto_sdk_ecom_delivery-solutions",
  draftOrders: "@wix/auto_sdk_ecom_draft-orders",
  inventory: "@wix/auto_sdk_stores_inventory",
  inventoryItemsV3: "@wix/auto_sdk_stores_inventory-items-v-3",
  members: "@wix/auto_sdk_members_members",
  orderBilling: "@wix/auto_sdk_ecom_order-billing",
  orderFulfillments: "@wix/auto_sdk_ecom_order-fulfillments",
  orderInvoices: "@wix/auto_sdk_ecom_order-invoices",
  orderPaymentRequests: "@wix/auto_sdk_ecom_order-payment-requests",
  orderTransactions: "@wix/auto_sdk_ecom_order-transactions",
  orders: "@wix/auto_sdk_ecom_orders",
  products: "@wix/auto_sdk_stores_products",
  productsV3: "@wix/auto_sdk_stores_products-v-3",
  readOnlyVariantsV3: "@wix/auto_sdk_stores_read-only-variants-v-3",
  recommendations: "@wix/auto_sdk_ecom_recommendations",
  redirects: "@wix/auto_sdk_redirects_redirects",
  submissions: "@wix/auto_sdk_forms_submissions",
  auth: "@wix/auto_sdk_identity_authentication",
};

const require = createRequire(import.meta.url);
const cache = new Map<string, Typings | undefined>();

/** Parses a meta.d.ts: `field?: XWithLiterals` with `type XWithLiterals = X | 'A' | 'B'`, and `field?: T | null`. */
export function parseTypings(source: string): Typings {
  const literals = new Map<string, string[]>();
  for (const m of source.matchAll(/type (\w+)WithLiterals = \w+((?: \| '[^']*')+);/g))
    literals.set(
      m[1]!,
      [...m[2]!.matchAll(/'([^']*)'/g)].map((x) => x[1]!),
    );
  const enums = new Map<string, Set<string> | null>();
  const nullable = new Set<string>();
  for (const m of source.matchAll(/^\s+(\w+)\??: ([^;]+);$/gm)) {
    const [, field, type] = m as unknown as [string, string, string];
    if (/\| null$/.test(type)) nullable.add(field);
    const e = /^(\w+)WithLiterals(?:\[\])?(?: \| null)?$/.exec(type);
    const members = e ? literals.get(e[1]!) : undefined;
    // A field typed with an enum in one message and otherwise in another is left unchecked (null).
    if (!members || enums.get(field) === null) enums.set(field, null);
    else enums.set(field, new Set([...(enums.get(field) ?? []), ...members]));
  }
  const checked = new Map<string, Set<string>>();
  for (const [k, v] of enums) if (v) checked.set(k, v);
  return { enums: checked, nullable };
}

/** The typings of the module a golden call goes through, or undefined when the call names none. */
export function typingsOf(call: string): Typings | undefined {
  const pkg = MODULES[call.split(".")[0]!];
  if (!pkg) return undefined;
  if (!cache.has(pkg)) {
    const file = join(dirname(require.resolve(`${pkg}/package.json`)), "build/cjs/meta.d.ts");
    cache.set(pkg, existsSync(file) ? parseTypings(readFileSync(file, "utf8")) : undefined);
  }
  return cache.get(pkg);
}
