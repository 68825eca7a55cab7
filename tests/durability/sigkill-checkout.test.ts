import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formFields, freePort, pool, startServer, Visitor, type HttpResponse, type RunningServer } from "./harness";

/**
 * Faults: the process is killed with SIGKILL in the middle of a burst of
 * card payments. After a restart on the same database it must open clean, every order
 * must be whole (lines and totals), stock must have been decremented exactly once per
 * ordered unit, and no payment that was answered with success may be missing its order.
 *
 * Everything goes through HTTP like a browser without scripts: product page form,
 * checkout form, then the embedded platform's hosted payment page POST (the one that
 * creates orders). In each of three rounds 20 new visitors pay all at once and the
 * server is killed at a different point of the burst, then restarted on the same file.
 * Those that got no answer pay again: each checkout must end with exactly one order,
 * whether its first payment was committed before the kill or not.
 */

const PER_ROUND = Number(process.env.DURABILITY_VISITORS ?? 20);
const BOOKS = ["livre-cloud", "livre-sql", "livre-git", "livre-devops", "livre-node"];
const SIZES = ["S", "M", "L", "XL"];

interface Item {
  slug: string;
  query?: string;
  quantity: number;
}
interface Plan {
  email: string;
  items: Item[];
}

// Within the seed's stock for three rounds of 20 (stickers 100, books 29+, 12 t-shirts per size).
function planFor(n: number): Plan {
  const items: Item[] = [
    { slug: "stickers-pack", quantity: 1 + (n % 2) },
    { slug: BOOKS[n % BOOKS.length]!, quantity: 1 },
  ];
  if (n % 4 === 0) items.push({ slug: "t-shirt-devops", query: `?Taille=${SIZES[(n / 4) % SIZES.length]}`, quantity: 1 });
  return { email: `durabilite-${n}@exemple.fr`, items };
}

/** When, during the burst, the process dies. */
const ROUNDS: { name: string; trigger: (answered: number, total: number) => number | null }[] = [
  // null: not yet; a number: kill after that many more milliseconds.
  { name: "after a third of the answers", trigger: (answered, total) => (answered === Math.max(1, Math.floor(total / 3)) ? 0 : null) },
  { name: "right after the first answer", trigger: (answered) => (answered === 1 ? 0 : null) },
  {
    name: "a few milliseconds after the first answer",
    trigger: (answered) => (answered === 1 ? 2 + Math.floor(Math.random() * 10) : null),
  },
];

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
    acceptTerms: "on",
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
  for (const r of db.prepare("SELECT id, quantity FROM products WHERE track_inventory = 1 AND quantity IS NOT NULL").all() as {
    id: string;
    quantity: number;
  }[])
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
  let initialStock: Stock;
  let seededOrders: Set<string>;
  let productSlug: Map<string, string>;
  let variants: { id: string; product_id: string; choices: string }[];
  const plans: Plan[] = [];

  beforeAll(async () => {
    server = await startServer({ port: await freePort(), db: dbPath });
    const db = new Database(dbPath, { readonly: true });
    initialStock = readStock(db);
    productSlug = new Map((db.prepare("SELECT id, slug FROM products").all() as { id: string; slug: string }[]).map((r) => [r.id, r.slug]));
    variants = db.prepare("SELECT id, product_id, choices FROM variants").all() as typeof variants;
    // The demo data comes with a few orders of its own.
    seededOrders = new Set((db.prepare("SELECT id FROM orders").all() as { id: string }[]).map((r) => r.id));
    db.close();
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [round, { name, trigger }] of ROUNDS.entries()) {
    it(`round ${round + 1}: killed ${name}, restarted clean, no answered payment lost, none doubled`, async () => {
      const roundPlans = Array.from({ length: PER_ROUND }, (_, i) => planFor(round * PER_ROUND + i));
      plans.push(...roundPlans);
      const origin = server!.origin;
      const ready = await pool(roundPlans, 6, (plan, i) => prepare(origin, plan, round * PER_ROUND + i));

      // The burst: everyone pays at once; the process dies somewhere in it.
      const first: (HttpResponse | null)[] = new Array(PER_ROUND).fill(null);
      let answered = 0;
      let kill: Promise<void> | undefined;
      const victim = server!;
      const killIn = (ms: number) => (kill = new Promise((r) => setTimeout(r, ms)).then(() => victim.kill()));
      await Promise.allSettled(
        ready.map((r, i) =>
          pay(r).then((res) => {
            first[i] = res;
            const after = kill ? null : trigger(++answered, PER_ROUND);
            if (after !== null) killIn(after);
          }),
        ),
      );
      await (kill ?? victim.kill());
      expect(victim.child.signalCode).toBe("SIGKILL");
      const succeeded = first.map(orderIdOf);
      const unanswered = first.filter((r) => r === null).length;
      // Every answer before the kill was a success: nothing failed for another reason.
      for (const r of first) if (r) expect(orderIdOf(r), `${r.status} ${r.body.slice(0, 200)}`).toBeTruthy();

      // Restart on the same database.
      server = await startServer({ port: await freePort(), db: dbPath });
      const db = new Database(dbPath, { readonly: true });
      try {
        expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(db.pragma("foreign_key_check")).toEqual([]);

        // No answered payment is missing its order, and its buyer (only) sees it.
        for (const [i, orderId] of succeeded.entries()) {
          if (!orderId) continue;
          const row = db.prepare("SELECT email, payment_status FROM orders WHERE id = ?").get(orderId) as
            { email: string; payment_status: string } | undefined;
          expect(row, `order ${orderId} of ${ready[i]!.plan.email}`).toBeTruthy();
          expect(row!.email).toBe(ready[i]!.plan.email);
          expect(row!.payment_status).toBe("PAID");
          const other = await new Visitor(server.origin).request("GET", `/checkout/complete?orderId=${orderId}`);
          expect(other.status, "another visitor cannot see the order").toBe(404);
          const mine = await ready[i]!.visitor.at(server.origin).request("GET", `/checkout/complete?orderId=${orderId}`);
          expect(mine.status).toBe(200);
          expect(mine.body).toContain("Merci");
        }
        const emails = roundPlans.map((p) => p.email);
        const countOrders = () =>
          (
            db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE email IN (${emails.map(() => "?").join(",")})`).get(...emails) as {
              n: number;
            }
          ).n;
        const committed = countOrders();
        console.log(
          `[durability] round ${round + 1} (killed ${name}): ${PER_ROUND} payments, ${succeeded.filter(Boolean).length} answered, ` +
            `${unanswered} cut off, of which ${committed - succeeded.filter(Boolean).length} had been committed`,
        );
        expect(unanswered, "the kill landed mid-burst").toBeGreaterThan(0);

        // Those cut off pay again: an order committed before the kill is found, not made twice.
        const retried = await pool(
          ready.filter((_, i) => !succeeded[i]),
          8,
          (r) => pay({ ...r, visitor: r.visitor.at(server!.origin) }),
        );
        for (const res of retried) expect(orderIdOf(res), `${res.status} ${res.body.slice(0, 300)}`).toBeTruthy();
        expect(countOrders()).toBe(PER_ROUND);
      } finally {
        db.close();
      }
    });
  }

  it("after every round: one whole paid order per buyer, stock decremented exactly once per unit", async () => {
    expect(plans).toHaveLength(ROUNDS.length * PER_ROUND);
    const db = new Database(dbPath, { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const orders = (
        db.prepare("SELECT * FROM orders").all() as {
          id: string;
          email: string;
          checkout_id: string;
          payment_status: string;
          data: string;
        }[]
      ).filter((o) => !seededOrders.has(o.id));
      expect(orders).toHaveLength(plans.length);
      expect(new Set(orders.map((o) => o.checkout_id)).size).toBe(plans.length);
      expect(new Set(orders.map((o) => o.email)).size).toBe(plans.length);
      const ordered: Stock = new Map();
      for (const order of orders) {
        expect(order.payment_status).toBe("PAID");
        // Cart V2 (the app's purchase flow, decision 0042): the order names the cart it was placed from, which names that
        // order back and is nobody's current cart any more (its owner key is its own id).
        const cart = db.prepare("SELECT order_id, owner FROM carts WHERE id = ?").get(order.checkout_id) as {
          order_id: string;
          owner: string;
        };
        expect(cart).toEqual({ order_id: order.id, owner: `cart:${order.checkout_id}` });
        const plan = plans.find((p) => p.email === order.email);
        expect(plan, `order for ${order.email}`).toBeTruthy();
        const data = JSON.parse(order.data) as OrderData;
        expect(data.lineItems.map((l) => [productSlug.get(l.catalogReference.catalogItemId), l.quantity]).sort()).toEqual(
          plan!.items.map((it) => [it.slug, it.quantity]).sort(),
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
              : variants.find((v) => v.product_id === pid && JSON.stringify(JSON.parse(v.choices)) === JSON.stringify(opts.options ?? opts))
                  ?.id;
          const key = variant && initialStock.has(`variant:${variant}`) ? `variant:${variant}` : `product:${pid}`;
          ordered.set(key, (ordered.get(key) ?? 0) + l.quantity);
        }
      }
      // No placed cart is still a buyer's current cart (it leaves its owner in the order's own transaction).
      const carts = db.prepare("SELECT COUNT(*) AS n FROM carts WHERE order_id IS NOT NULL AND owner <> 'cart:' || id").get() as {
        n: number;
      };
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
