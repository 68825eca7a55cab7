// The embedded platform's tables, and what brings an older database file up to them. One schema for every
// service: the stores own their SQL, the file owns its layout, so a wipe or a migration sees every table at once.
import type Database from "better-sqlite3";
import { canonicalEmail, emailKey, mailboxKey } from "./email";

type DB = Database.Database;

const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS collections (
  id TEXT PRIMARY KEY, slug TEXT NOT NULL UNIQUE, name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
  image TEXT, position INTEGER NOT NULL DEFAULT 0, visible INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS products (
  id TEXT PRIMARY KEY, slug TEXT NOT NULL UNIQUE, name TEXT NOT NULL, product_type TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '', sku TEXT NOT NULL DEFAULT '', brand TEXT, ribbon TEXT NOT NULL DEFAULT '',
  price_cents INTEGER NOT NULL, discount_type TEXT NOT NULL DEFAULT 'NONE', discount_value REAL NOT NULL DEFAULT 0,
  weight REAL, media TEXT NOT NULL DEFAULT '[]', track_inventory INTEGER NOT NULL DEFAULT 0,
  quantity INTEGER, in_stock INTEGER NOT NULL DEFAULT 1, options TEXT NOT NULL DEFAULT '[]',
  numeric_id INTEGER NOT NULL, visible INTEGER NOT NULL DEFAULT 1,
  created_date TEXT NOT NULL, last_updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS product_collections (
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  collection_id TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, collection_id)
);
CREATE TABLE IF NOT EXISTS variants (
  id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  choices TEXT NOT NULL, price_cents INTEGER, quantity INTEGER, sku TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS variants_product ON variants(product_id);
CREATE TABLE IF NOT EXISTS coupons (
  id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE COLLATE NOCASE, name TEXT NOT NULL,
  type TEXT NOT NULL, value REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS shipping_options (
  code TEXT PRIMARY KEY, title TEXT NOT NULL, price_cents INTEGER NOT NULL, position INTEGER NOT NULL DEFAULT 0
);
-- Wix's delivery profile regions (ecom/pricing/delivery-regions.ts): where each option ships, at which price and time.
-- A region's countries are ISO codes; an empty list is the rest of the world.
CREATE TABLE IF NOT EXISTS delivery_regions (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, countries TEXT NOT NULL DEFAULT '[]', position INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS delivery_region_rates (
  region_id TEXT NOT NULL, option_code TEXT NOT NULL, price_cents INTEGER NOT NULL, delivery_time TEXT,
  PRIMARY KEY (region_id, option_code)
);
-- Wix's tax groups, tax regions and manual tax mappings (ecom/pricing/tax.ts): a line's rate is its product's group
-- in the region of its taxable address; no region for a country, no tax collected there.
CREATE TABLE IF NOT EXISTS tax_groups (id TEXT PRIMARY KEY, name TEXT NOT NULL, is_default INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS tax_regions (id TEXT PRIMARY KEY, country TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS manual_tax_mappings (
  tax_group_id TEXT NOT NULL, tax_region_id TEXT NOT NULL, rate_percent REAL NOT NULL,
  PRIMARY KEY (tax_group_id, tax_region_id)
);
CREATE TABLE IF NOT EXISTS members (
  id TEXT PRIMARY KEY, contact_id TEXT NOT NULL, email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'APPROVED',
  first_name TEXT, last_name TEXT, nickname TEXT, slug TEXT NOT NULL UNIQUE COLLATE NOCASE,
  phones TEXT NOT NULL DEFAULT '[]', addresses TEXT NOT NULL DEFAULT '[]',
  privacy_status TEXT NOT NULL DEFAULT 'PRIVATE',
  created_date TEXT NOT NULL, updated_date TEXT NOT NULL, last_login_date TEXT
);
CREATE TABLE IF NOT EXISTS visitors (id TEXT PRIMARY KEY, created_date TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS refresh_tokens (
  token TEXT PRIMARY KEY, client_id TEXT NOT NULL, visitor_id TEXT, member_id TEXT,
  revoked INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS access_tokens (
  token TEXT PRIMARY KEY, refresh_token TEXT, visitor_id TEXT, member_id TEXT, expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS access_tokens_expiry ON access_tokens(expires_at);
CREATE TABLE IF NOT EXISTS auth_codes (
  code TEXT PRIMARY KEY, client_id TEXT NOT NULL, redirect_uri TEXT NOT NULL, code_challenge TEXT NOT NULL,
  member_id TEXT NOT NULL, visitor_id TEXT, expires_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS redirect_sessions (
  id TEXT PRIMARY KEY, kind TEXT NOT NULL, data TEXT NOT NULL, visitor_id TEXT, member_id TEXT,
  app_origin TEXT NOT NULL, created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS carts (
  id TEXT PRIMARY KEY, owner TEXT NOT NULL UNIQUE, buyer_note TEXT, coupon_code TEXT, contact_info TEXT,
  selected_shipping TEXT, email TEXT, checkout_id TEXT,
  created_date TEXT NOT NULL, updated_date TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS cart_lines (
  id TEXT PRIMARY KEY, cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL, variant_id TEXT, options TEXT NOT NULL DEFAULT '{}', item_key TEXT NOT NULL,
  quantity INTEGER NOT NULL, position INTEGER NOT NULL, snapshot TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS cart_lines_cart ON cart_lines(cart_id);
CREATE TABLE IF NOT EXISTS checkouts (
  id TEXT PRIMARY KEY, cart_id TEXT, owner TEXT NOT NULL, data TEXT NOT NULL, completed INTEGER NOT NULL DEFAULT 0,
  order_id TEXT, created_date TEXT NOT NULL, updated_date TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY, number TEXT NOT NULL UNIQUE, member_id TEXT, visitor_id TEXT, email TEXT,
  checkout_id TEXT, status TEXT NOT NULL, payment_status TEXT NOT NULL, fulfillment_status TEXT NOT NULL,
  data TEXT NOT NULL, created_date TEXT NOT NULL, updated_date TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS orders_member ON orders(member_id);
CREATE TABLE IF NOT EXISTS digital_files (
  product_id TEXT PRIMARY KEY, file_id TEXT NOT NULL, file_name TEXT NOT NULL, title TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS orders_visitor ON orders(visitor_id);
DROP TABLE IF EXISTS login_failures;
DROP TABLE IF EXISTS login_locks;
CREATE TABLE IF NOT EXISTS login_throttle_failures (email TEXT NOT NULL, client TEXT NOT NULL, at_ms INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS login_throttle_failures_key ON login_throttle_failures (email, client);
CREATE TABLE IF NOT EXISTS login_throttles (email TEXT NOT NULL, client TEXT NOT NULL, until_ms INTEGER NOT NULL, PRIMARY KEY (email, client));
CREATE TABLE IF NOT EXISTS session_tokens (
  token TEXT PRIMARY KEY, member_id TEXT NOT NULL, expires_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS verifications (
  state_token TEXT PRIMARY KEY, member_id TEXT NOT NULL, code_hash TEXT NOT NULL, expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0, used INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS signups (
  state_token TEXT PRIMARY KEY, member_id TEXT NOT NULL, email TEXT NOT NULL, password_hash TEXT NOT NULL,
  first_name TEXT, last_name TEXT, nickname TEXT, code_hash TEXT NOT NULL, expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0, used INTEGER NOT NULL DEFAULT 0
);
-- What was sent to or tried on a mailbox lately (core/mailbox-events.ts), and mailboxes locked by wrong codes.
CREATE TABLE IF NOT EXISTS mailbox_events (mailbox TEXT NOT NULL, kind TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS mailbox_events_key ON mailbox_events (mailbox, kind, at);
CREATE TABLE IF NOT EXISTS mailbox_locks (mailbox TEXT PRIMARY KEY, until INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS password_resets (
  token_hash TEXT PRIMARY KEY, member_id TEXT NOT NULL, redirect_url TEXT, expires_at INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL, kind TEXT NOT NULL,
  to_email TEXT NOT NULL, subject TEXT NOT NULL, text TEXT NOT NULL, links TEXT NOT NULL DEFAULT '[]',
  data TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS data_items (
  collection TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, created_date TEXT NOT NULL, updated_date TEXT NOT NULL,
  PRIMARY KEY (collection, id)
);
CREATE TABLE IF NOT EXISTS draft_orders (
  id TEXT PRIMARY KEY, status TEXT NOT NULL, order_id TEXT, data TEXT NOT NULL, created_date TEXT NOT NULL, updated_date TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS payment_requests (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL, status TEXT NOT NULL, external_id TEXT, data TEXT NOT NULL,
  created_date TEXT NOT NULL, updated_date TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS payment_requests_order ON payment_requests(order_id);
CREATE TABLE IF NOT EXISTS form_submissions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, form_id TEXT NOT NULL, namespace TEXT NOT NULL,
  status TEXT NOT NULL, submissions TEXT NOT NULL, submitter TEXT NOT NULL, created_date TEXT NOT NULL,
  seen INTEGER NOT NULL DEFAULT 0
);
`;

// Columns added after the first release: existing databases get them on open.
const ADDED_COLUMNS: Array<[table: string, column: string, definition: string]> = [
  ["members", "email_verified", "INTEGER NOT NULL DEFAULT 1"],
  ["carts", "purchase_flow_id", "TEXT"],
  ["members", "activity_status", "TEXT NOT NULL DEFAULT 'ACTIVE'"],
  // 1 once the login e-mail was changed (members/login-email.ts): unproved, it must be proved at login, whatever the policy.
  ["members", "email_changed", "INTEGER NOT NULL DEFAULT 0"],
  // Wix Forms' trash bin: a deleted submission is kept (restorable) until removed for good.
  ["form_submissions", "deleted_date", "TEXT"],
  // A pickup option's place (JSON address) and its instructions (opening hours): Wix's pickupDetails and instructions.
  ["shipping_options", "pickup_address", "TEXT"],
  ["shipping_options", "instructions", "TEXT"],
  // The product's tax group (Wix: the product's taxGroupId); null = the site's default group.
  ["products", "tax_group_id", "TEXT"],
  // Cart V2 over the same carts (ecom/cart/cart-v2.ts): the revision, the billing side, the custom checkout URL, and
  // the order a cart became (the cart stays readable by id; its owner key moves to `placed:<id>`).
  ["carts", "revision", "INTEGER NOT NULL DEFAULT 1"],
  ["carts", "billing", "TEXT"],
  ["carts", "custom_checkout_url", "TEXT"],
  ["carts", "order_id", "TEXT"],
  ["carts", "placed_by", "TEXT"],
  // The canonical form of the buyer's e-mail (core/email.ts): guest-order claims, coupon and unpaid-order limits.
  ["orders", "buyer_key", "TEXT"],
  // Wix coupons' specification.usageLimit and limitPerCustomer (ecom/pricing/coupon-limits.ts); null = no limit.
  ["coupons", "usage_limit", "INTEGER"],
  ["coupons", "limit_per_customer", "INTEGER"],
  // What the owner sets on a coupon (ecom/pricing/coupons.ts): paused or not, validity (ms since 1970, as Wix), a
  // minimum subtotal instead of a scope, and when it was made.
  ["coupons", "active", "INTEGER NOT NULL DEFAULT 1"],
  ["coupons", "start_time", "TEXT"],
  ["coupons", "expiration_time", "TEXT"],
  ["coupons", "minimum_subtotal", "REAL"],
  ["coupons", "date_created", "TEXT"],
  // One person's keys (core/email.ts's mailboxKey; the client address of an unpaid order) and, once an unpaid order is
  // confirmed, until when it may hold its stock unpaid (ecom/checkout/unpaid-holds.ts; seconds).
  ["orders", "mailbox_key", "TEXT"],
  ["orders", "client", "TEXT"],
  ["orders", "hold_until", "INTEGER"],
];

/**
 * Databases made before the canonical e-mail (docs/decisions/0026-canonical-email.md): accounts are moved to the
 * canonical form of their address, unless another account already holds it (that one keeps it; the other stays as
 * it was, reachable by its owner's tools), and guest orders get the key they are claimed by.
 */
function canonicalizeEmails(db: DB): void {
  const members = db.prepare("SELECT id, email FROM members").all() as Array<{ id: string; email: string }>;
  for (const m of members) {
    const canonical = canonicalEmail(m.email);
    if (!canonical || canonical === m.email) continue;
    if (db.prepare("SELECT 1 FROM members WHERE email = ? AND id <> ?").get(canonical, m.id)) continue;
    db.prepare("UPDATE members SET email = ? WHERE id = ?").run(canonical, m.id);
  }
  const orders = db.prepare("SELECT id, email FROM orders WHERE buyer_key IS NULL AND email IS NOT NULL").all() as Array<{
    id: string;
    email: string;
  }>;
  for (const o of orders) db.prepare("UPDATE orders SET buyer_key = ? WHERE id = ?").run(emailKey(o.email), o.id);
  const unkeyed = db.prepare("SELECT id, email FROM orders WHERE mailbox_key IS NULL AND email IS NOT NULL").all() as Array<{
    id: string;
    email: string;
  }>;
  for (const o of unkeyed) db.prepare("UPDATE orders SET mailbox_key = ? WHERE id = ?").run(mailboxKey(o.email), o.id);
}

/** Adds what a database made by an earlier release lacks: columns, indexes, canonical e-mails, the version. */
export function migrate(db: DB): void {
  db.exec(SCHEMA);
  for (const [table, column, definition] of ADDED_COLUMNS) {
    const cols = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (!cols.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  }
  db.exec("CREATE INDEX IF NOT EXISTS orders_buyer_key ON orders(buyer_key)");
  db.exec("CREATE INDEX IF NOT EXISTS orders_mailbox_key ON orders(mailbox_key)");
  db.transaction(() => canonicalizeEmails(db))();
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
  if (!row) db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION));
}

/** Every table but meta, children before their parents (foreign keys): what a wipe empties. */
export const TABLES = [
  "data_items",
  "payment_requests",
  "draft_orders",
  "form_submissions",
  "login_throttle_failures",
  "login_throttles",
  "session_tokens",
  "verifications",
  "signups",
  "mailbox_events",
  "mailbox_locks",
  "password_resets",
  "outbox",
  "cart_lines",
  "carts",
  "checkouts",
  "orders",
  "auth_codes",
  "redirect_sessions",
  "access_tokens",
  "refresh_tokens",
  "visitors",
  "members",
  "delivery_region_rates",
  "delivery_regions",
  "manual_tax_mappings",
  "tax_regions",
  "tax_groups",
  "shipping_options",
  "coupons",
  "variants",
  "product_collections",
  "digital_files",
  "products",
  "collections",
  "settings",
];
