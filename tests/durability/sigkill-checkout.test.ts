import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formFields, freePort, pool, startServer, Visitor, type HttpResponse, type RunningServer } from "./harness";

/**
 * Issue 5, "Faults": the process is killed with SIGKILL in the middle of a burst of
 * card payments. After a restart on the same database it must open clean, every order
 * must be whole (lines and totals), stock must have been decremented exactly once per
 * ordered unit, and no payment that was answered with success may be missing its order.
 *
 * Everything goes through HTTP like a browser without scripts: product page form,
 * checkout form, then the embedded platform's hosted payment page POST (the one that
 * creates orders). The visitors pay all at once; the server is killed after a third of
 * the answers arrived. Then those that got no answer pay again: each checkout must end
 * with exactly one order, whether its first payment was committed before the kill or not.
 */

const VISITORS = Number(process.env.DURABILITY_VISITORS ?? 40);
const BOOKS = ["livre-cloud", "livre-sql", "livre-git", "livre-devops", "livre-node"];

interface Item {
  slug: string;
  query?: string;
  quantity: number;
}
interface Plan {
  email: string;
  items: Item[];
}

// Within the seed's stock for up to 40 visitors (stickers 100, books 29+, t-shirt M 12).
function planFor(i: number): Plan {
  const items: Item[] = [
    { slug: "stickers-pack", quantity: 1 + (i % 3) },
    { slug: BOOKS[i % BOOKS.length]!, quantity: 1 },
  ];
  if (i % 4 === 0) items.push({ slug: "t-shirt-devops", query: "?Taille=M", quantity: 1 });
  return { email: `durabilite-${i}@exemple.fr`, items };
}

interface Ready {
  plan: Plan;
  visitor: Visitor;
  session: string;
}

async function prepare(origin: string, plan: Plan, i: number): Promise<Ready> {
  const visitor = new Visitor(origin);
  for (const item of plan.items) {
    const path = `/products/${item.slug}${item.query ?? ""}`;
    const page = await visitor.get(path);
    expect(page.status, `GET ${path}`).toBe(200);
    const fields = { ...formFields(page.body, "Ajouter au panier"), quantity: String(item.quantity) };
    const added = await visitor.request("POST", path, fields);
    expect([302, 303], `add ${item.slug}: ${added.status} ${added.body.slice(0, 200)}`).toContain(added.status);
  }
  const checkout = await visitor.get("/checkout");
  expect(checkout.url, "checkout page, not a redirect to the cart").toMatch(/\/checkout$/);
  const fields = {
    ...formFields(checkout.body, "Continuer vers le paiement"),
    email: plan.email,
    firstName: "Client",
    lastName: `Numéro ${i}`,
    addressLine: `${i + 1} rue de la Durabilité`,
    postalCode: "69001",
    city: "Lyon",
    country: "FR",
  };
  const sent = await visitor.request("POST", "/checkout", fields);
  expect([302, 303], `checkout: ${sent.status} ${sent.body.slice(0, 300)}`).toContain(sent.status);
  const payment = new URL(sent.location!, origin);
  expect(payment.pathname).toBe("/_platform/checkout");
  const page = await visitor.get(payment.pathname + payment.search);
  expect(page.status).toBe(200);
  expect(page.body).toContain("Payer");
  return { plan, visitor, session: payment.searchParams.get("session")! };
}

const pay = (r: Ready) =>
  r.visitor.request("POST", "/_platform/checkout", {
    session: r.session,
    action: "pay",
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/30",
    cvc: "123",
    holder: r.plan.email,
  });

const orderIdOf = (res: HttpResponse | null) => {
  if (!res || res.status !== 303 || !res.location) return null;
  return new URL(res.location).searchParams.get("orderId");
};

type Stock = Map<string, number>; // "product:<id>" or "variant:<id>" → quantity

function readStock(db: Database.Database): Stock {
  const stock: Stock = new Map();
  for (const r of db.prepare("SELECT id, quantity FROM products WHERE track_inventory = 1 AND quantity IS NOT NULL").all() as { id: string; quantity: number }[])
    stock.set(`product:${r.id}`, r.quantity);
  for (const r of db.prepare("SELECT id, quantity FROM variants WHERE quantity IS NOT NULL").all() as { id: string; quantity: number }[])
    stock.set(`variant:${r.id}`, r.quantity);
  return stock;
}

interface OrderLine {
  productName: { original: string };
  catalogReference: { catalogItemId: string; options?: Record<string, unknown> };
  quantity: number;
  lineItemPrice: { amount: string };
}
interface OrderData {
  lineItems: OrderLine[];
  priceSummary: { subtotal: { amount: string }; shipping: { amount: string }; discount: { amount: string }; total: { amount: string } };
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe("SIGKILL during a burst of checkouts", () => {
  const dir = mkdtempSync(join(tmpdir(), "durability-"));
  const dbPath = join(dir, "platform.sqlite");
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("restarts clean: whole orders, stock decremented once per unit, no answered payment lost", { timeout: 180_000 }, async () => {
    server = await startServer({ port: await freePort(), db: dbPath });
    const before = new Database(dbPath, { readonly: true });
    const initialStock = readStock(before);
    const productSlug = new Map(
      (before.prepare("SELECT id, slug FROM products").all() as { id: string; slug: string }[]).map((r) => [r.id, r.slug]),
    );
    const variants = before.prepare("SELECT id, product_id, choices FROM variants").all() as { id: string; product_id: string; choices: string }[];
    // The demo data comes with a few orders of its own.
    const seededOrders = new Set((before.prepare("SELECT id FROM orders").all() as { id: string }[]).map((r) => r.id));
    before.close();

    const plans = Array.from({ length: VISITORS }, (_, i) => planFor(i));
    const origin = server.origin;
    const ready = await pool(plans, 6, (plan, i) => prepare(origin, plan, i));

    // The burst: everyone pays at once; the process dies after a third of the answers.
    const killAfter = Math.max(1, Math.floor(VISITORS / 3));
    const first: (HttpResponse | null)[] = new Array(VISITORS).fill(null);
    let answered = 0;
    let kill: Promise<void> | undefined;
    const victim = server;
    await Promise.allSettled(
      ready.map((r, i) =>
        pay(r).then((res) => {
          first[i] = res;
          if (++answered === killAfter) kill = victim.kill();
        }),
      ),
    );
    await (kill ?? victim.kill());
    expect(victim.child.signalCode).toBe("SIGKILL");
    const succeeded = first.map(orderIdOf);
    const unanswered = first.filter((r) => r === null).length;
    console.log(
      `[durability] ${VISITORS} payments: ${succeeded.filter(Boolean).length} answered with an order, ` +
        `${first.filter((r) => r && !orderIdOf(r)).length} other answers, ${unanswered} cut by SIGKILL`,
    );
    // Every answer before the kill was a success: nothing failed for another reason.
    for (const r of first) if (r) expect(orderIdOf(r), `${r.status} ${r.body.slice(0, 200)}`).toBeTruthy();

    // Restart on the same database.
    server = await startServer({ port: await freePort(), db: dbPath });
    const db = new Database(dbPath, { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(db.pragma("foreign_key_check")).toEqual([]);

      // No answered payment is missing its order, and its buyer sees it.
      for (const [i, orderId] of succeeded.entries()) {
        if (!orderId) continue;
        const row = db.prepare("SELECT email, payment_status FROM orders WHERE id = ?").get(orderId) as { email: string; payment_status: string } | undefined;
        expect(row, `order ${orderId} of visitor ${i}`).toBeTruthy();
        expect(row!.email).toBe(ready[i]!.plan.email);
        expect(row!.payment_status).toBe("PAID");
      }
      for (const [i, orderId] of succeeded.entries()) {
        if (!orderId) continue;
        const thanks = await new Visitor(server.origin).request("GET", `/checkout/complete?orderId=${orderId}`);
        expect(thanks.status, "another visitor cannot see the order").toBe(404);
        const own = ready[i]!.visitor.at(server.origin);
        const mine = await own.request("GET", `/checkout/complete?orderId=${orderId}`);
        expect(mine.status).toBe(200);
        expect(mine.body).toContain("Merci");
      }

      const committedUnanswered =
        (db.prepare("SELECT COUNT(*) AS n FROM orders").get() as { n: number }).n - seededOrders.size - succeeded.filter(Boolean).length;
      console.log(`[durability] after restart: ${committedUnanswered} orders were committed whose answer the kill cut off`);
      expect(unanswered, "the kill landed mid-burst").toBeGreaterThan(0);

      // Those cut off pay again: an order committed before the kill is found, not made twice.
      const retried = await pool(
        ready.map((r, i) => ({ r, i })).filter(({ i }) => !succeeded[i]),
        8,
        async ({ r }) => {
          return pay({ ...r, visitor: r.visitor.at(server!.origin) });
        },
      );
      for (const res of retried) expect(orderIdOf(res), `${res.status} ${res.body.slice(0, 300)}`).toBeTruthy();

      // Exactly one paid order per visitor, each whole and matching what was put in the cart.
      const orders = (
        db.prepare("SELECT * FROM orders").all() as { id: string; email: string; checkout_id: string; payment_status: string; data: string }[]
      ).filter((o) => !seededOrders.has(o.id));
      expect(orders).toHaveLength(VISITORS);
      expect(new Set(orders.map((o) => o.checkout_id)).size).toBe(VISITORS);
      expect(new Set(orders.map((o) => o.email)).size).toBe(VISITORS);
      const ordered: Stock = new Map();
      for (const order of orders) {
        expect(order.payment_status).toBe("PAID");
        const checkout = db.prepare("SELECT completed, order_id FROM checkouts WHERE id = ?").get(order.checkout_id) as { completed: number; order_id: string };
        expect(checkout).toEqual({ completed: 1, order_id: order.id });
        const plan = plans.find((p) => p.email === order.email)!;
        expect(plan, `order for ${order.email}`).toBeTruthy();
        const data = JSON.parse(order.data) as OrderData;
        expect(data.lineItems.map((l) => [productSlug.get(l.catalogReference.catalogItemId), l.quantity]).sort()).toEqual(
          plan.items.map((it) => [it.slug, it.quantity]).sort(),
        );
        const linesTotal = data.lineItems.reduce((sum, l) => sum + cents(l.lineItemPrice.amount), 0);
        const s = data.priceSummary;
        expect(cents(s.subtotal.amount)).toBe(linesTotal);
        expect(cents(s.total.amount)).toBe(cents(s.subtotal.amount) - cents(s.discount.amount) + cents(s.shipping.amount));
        for (const l of data.lineItems) {
          const pid = l.catalogReference.catalogItemId;
          const opts = l.catalogReference.options ?? {};
          const variant =
            typeof opts.variantId === "string"
              ? opts.variantId
              : variants.find((v) => v.product_id === pid && JSON.stringify(JSON.parse(v.choices)) === JSON.stringify(opts.options ?? opts))?.id;
          const key = variant && initialStock.has(`variant:${variant}`) ? `variant:${variant}` : `product:${pid}`;
          ordered.set(key, (ordered.get(key) ?? 0) + l.quantity);
        }
      }
      // No cart survives a paid checkout (the cart is deleted in the same transaction).
      const carts = db.prepare("SELECT COUNT(*) AS n FROM carts WHERE id IN (SELECT cart_id FROM checkouts WHERE completed = 1)").get() as { n: number };
      expect(carts.n).toBe(0);

      // Stock: decremented exactly once per ordered unit, nowhere else.
      const finalStock = readStock(db);
      const wrong: string[] = [];
      for (const [key, initial] of initialStock) {
        const expected = initial - (ordered.get(key) ?? 0);
        if (finalStock.get(key) !== expected) wrong.push(`${key}: ${initial} → ${finalStock.get(key)}, expected ${expected}`);
      }
      expect(wrong).toEqual([]);
      expect([...ordered.values()].reduce((a, b) => a + b, 0)).toBe(plans.flatMap((p) => p.items).reduce((a, it) => a + it.quantity, 0));
    } finally {
      db.close();
    }
  });
});
