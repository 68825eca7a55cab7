// The distance to Wix (issue: "every Wix call costs a round trip"): with the platform's latency mode on
// (PLATFORM_LATENCY_MS, platform/core/latency.ts), each page and flow is requested one at a time from an app whose
// fetch logs every SDK call with its start and end (lib/count-sdk-calls.mjs), and the bench prints per request the
// calls made, the round trips one after the other before the response's first byte (the longest chain of calls each
// sent after the previous one was answered), and the time to first byte (p50, p95).
import http from "node:http";
import { writeFileSync } from "node:fs";
import { applySetCookie, cookieHeader } from "../../tests/support/cookies.ts";
import { OWNER_LOGIN } from "../../tests/support/demo.ts";
import { checkoutForm } from "../../tests/support/forms.ts";
import { parseForms } from "../../tests/support/html.ts";
import { formFields } from "../../tests/support/visitor.ts";
import { readCalls } from "./sdk-calls.mjs";
import { addToCartForm, CYCLE_PAGE, PRODUCT_PAGE } from "./scenarios.mjs";

/** The round trip the bench gives every SDK call (±20 % jitter, the platform's). */
export const LATENCY_MS = 120;
const CART_PAGES = [PRODUCT_PAGE, "/products/mug-cafe-code?Couleur=Bleu", CYCLE_PAGE];

const now = () => performance.timeOrigin + performance.now();

/** One request; `firstByte` when the status line and headers arrived (the response has started), epoch ms. */
export function timedRequest(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const sentAt = now();
    const req = http.request(
      url,
      { method, headers: { ...headers, ...(body ? { "content-length": Buffer.byteLength(body) } : {}) }, agent: false },
      (res) => {
        const firstByte = now();
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            sentAt,
            firstByte,
            ttfbMs: firstByte - sentAt,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(20_000, () => req.destroy(new Error("timeout")));
    if (body) req.write(body);
    req.end();
  });
}

/** The longest chain of calls each sent after the one before it was answered, among those answered before `by`. */
export function sequentialRoundTrips(calls, by) {
  const before = calls.filter((c) => c.end <= by + 0.5).sort((a, b) => a.start - b.start);
  const chain = [];
  for (let i = 0; i < before.length; i++) {
    let best = 0;
    for (let j = 0; j < i; j++) if (before[j].end <= before[i].start + 0.5) best = Math.max(best, chain[j]);
    chain.push(best + 1);
  }
  return chain.length ? Math.max(...chain) : 0;
}

/** A browser's cookies and Origin against one or more replicas (each its own public origin, one shared secret). */
export class Browser {
  jar = new Map();
  /** `publicOrigin`: the site's address its forms are sent from, when the replicas are reached at their own. */
  constructor(publicOrigin) {
    this.publicOrigin = publicOrigin;
  }

  async send(url, { method = "GET", form } = {}) {
    const target = new URL(url);
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const res = await timedRequest(target, {
      method,
      headers: {
        ...(this.jar.size ? { cookie: cookieHeader(this.jar) } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded", origin: this.publicOrigin ?? target.origin } : {}),
      },
      body,
    });
    applySetCookie(this.jar, res.headers["set-cookie"]);
    return res;
  }

  /** A GET following redirects (a login's way through the platform's authorize page back to the callback). */
  async follow(url) {
    let res = await this.send(url);
    for (let hops = 0; res.status >= 300 && res.status < 400 && res.headers.location && hops < 6; hops++)
      res = await this.send(new URL(res.headers.location, url).href);
    return res;
  }

  /** The site's own login form (the owner's back-office needs a member session). */
  async login(base, who) {
    const page = await this.send(base + "/account/login");
    // The page's own form (the header has a "Se connecter" of its own, to Wix's hosted page).
    const form = parseForms(page.body).find((f) => f.fields.some((field) => field.name === "password"));
    if (!form) throw new Error(`no login form (${page.status})`);
    const fields = { ...Object.fromEntries(form.fields.map((f) => [f.name, f.value])), email: who.email, password: who.password };
    const res = await this.send(base + "/account/login", { method: "POST", form: fields });
    if (res.status !== 303) throw new Error(`login answered ${res.status}`);
    return this.follow(new URL(res.headers.location, base).href);
  }

  /** Opens a product page and presses "Ajouter au panier"; follows the 303 as a browser does. */
  async add(base, page) {
    const html = await this.send(base + page);
    const form = html.status === 200 ? addToCartForm(html.body) : null;
    if (!form) throw new Error(`${page}: no add-to-cart form (${html.status})`);
    const res = await this.send(base + page, { method: "POST", form: freshKey(form) });
    if (res.status !== 303) throw new Error(`POST ${page} answered ${res.status}`);
    await this.send(new URL(res.headers.location, base).href);
    return form;
  }
}

function freshKey(form) {
  return "formKey" in form ? { ...form, formKey: Math.random().toString(36).slice(2) + Date.now().toString(36) } : form;
}

const median = (xs) => {
  const v = xs.toSorted((a, b) => a - b);
  return v.length ? v[Math.floor((v.length - 1) / 2)] : null;
};
const pct = (xs, p) => {
  const v = xs.toSorted((a, b) => a - b);
  return v.length ? v[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)] : null;
};
const round = (x) => Math.round(x * 10) / 10;

/** The table of targets: round trips before the first byte, TTFB p50 (ms), latency 120 ms. */
export const ROUND_TRIP_TARGETS = {
  "GET / (no cookie)": [0, 40],
  "GET / (with a cart)": [0, 40],
  "GET /cv (with a cart)": [0, 40],
  "GET /realisations (with a cart)": [0, 40],
  "GET /contact (with a cart)": [0, 40],
  "GET /mentions-legales (with a cart)": [0, 40],
  "GET /products (catalog cached)": [0, 60],
  "GET a category (catalog cached)": [0, 60],
  "GET a search (catalog cached)": [0, 60],
  "GET a product page (catalog cached)": [0, 60],
  "GET a product page (not cached)": [1, 200],
  "GET /cart (3 lines)": [1, 200],
  "POST add to cart → 303": [2, 320],
  "GET /checkout": [2, 320],
  "POST /checkout → payment page": [3, 450],
  "GET a back-office order page": [1, 200],
  "POST a capture → 303": [2, 320],
};

/** The seeded orders whose card payment is only authorized: each can be captured once. */
const AUTHORIZED_ORDERS = ["10004", "10005", "10006", "10007", "10009", "10010"];

/**
 * The owner, logged in, and the order pages to measure: one to read again and again, and the authorized ones, each
 * captured once (the confirmed form: "Encaisser …", then its confirmation's button, as a browser without scripts).
 */
async function backOffice(base) {
  const owner = new Browser();
  await owner.login(base, OWNER_LOGIN);
  const pageOf = async (number) => {
    const list = await owner.send(`${base}/admin/orders?q=${number}`);
    const path = new RegExp(`href="(/admin/orders/[A-Za-z0-9_-]+)"[^>]*>N° (?:<!-- -->)?${number}<`).exec(list.body)?.[1];
    if (!path) throw new Error(`order ${number} not found in the back-office (${list.status})`);
    return path;
  };
  const captures = [];
  for (const number of AUTHORIZED_ORDERS) captures.push(await pageOf(number));
  return { owner, page: await pageOf("10001"), captures };
}

/**
 * Every request of the targets' table, `samples` times each (after 2 unmeasured, except the cold product pages: each
 * sample is a product not read before), one at a time against `app` (latency on, calls logged to `logFile`).
 */
export async function measureRoundTrips(app, logFile, { samples = 15 } = {}) {
  const base = app.url;
  const carter = new Browser();
  for (const page of CART_PAGES) await carter.add(base, page);
  const adder = new Browser();
  const addForm = await adder.add(base, CYCLE_PAGE);
  const list = (await timedRequest(base + "/products")).body + (await timedRequest(base + "/products?page=2")).body;
  const category = /href="(\/collections\/[^"?#]+)"/.exec(list)?.[1];
  const used = new Set(CART_PAGES.map((p) => p.split("?")[0]));
  const cold = [...new Set([...list.matchAll(/href="(\/products\/[a-z0-9-]+)"/g)].map((m) => m[1]))].filter((p) => !used.has(p));
  const checkoutHtml = (await carter.send(base + "/checkout")).body;
  let checkoutFields = null;
  try {
    checkoutFields = { ...formFields(checkoutHtml, "Continuer vers le paiement"), ...checkoutForm, waiveWithdrawal: "on" };
  } catch {
    checkoutFields = null;
  }

  const office = await backOffice(base);
  const capture = async () => {
    const path = office.captures.shift();
    const fields = formFields((await office.owner.send(base + path)).body, "Encaisser");
    return office.owner.send(base + path, { method: "POST", form: freshKey({ ...fields, confirmed: "1" }) });
  };

  const get = (browser, path) => () => (browser ? browser.send(base + path) : timedRequest(base + path));
  const kinds = [
    ["GET / (no cookie)", get(null, "/")],
    ["GET / (with a cart)", get(carter, "/")],
    ["GET /cv (with a cart)", get(carter, "/cv")],
    ["GET /realisations (with a cart)", get(carter, "/realisations")],
    ["GET /contact (with a cart)", get(carter, "/contact")],
    ["GET /mentions-legales (with a cart)", get(carter, "/mentions-legales")],
    ["GET /products (catalog cached)", get(carter, "/products")],
    ...(category ? [["GET a category (catalog cached)", get(carter, category)]] : []),
    ["GET a search (catalog cached)", get(carter, "/products?q=typescript")],
    ["GET a product page (catalog cached)", get(carter, PRODUCT_PAGE)],
    [
      "GET a product page (not cached)",
      () => carter.send(base + (cold.shift() ?? PRODUCT_PAGE)),
      { warmup: 0, samples: Math.min(samples, cold.length) },
    ],
    ["GET /cart (3 lines)", get(carter, "/cart")],
    ["POST add to cart → 303", () => adder.send(base + CYCLE_PAGE, { method: "POST", form: freshKey(addForm) })],
    ["GET /checkout", get(carter, "/checkout")],
    ...(checkoutFields
      ? [["POST /checkout → payment page", () => carter.send(base + "/checkout", { method: "POST", form: freshKey(checkoutFields) })]]
      : []),
    ["GET a back-office order page", get(office.owner, office.page)],
    ["POST a capture → 303", capture, { warmup: 0, samples: Math.min(samples, office.captures.length) }],
  ];
  const out = { cartCookie: cookieHeader(carter.jar), requests: {} };
  for (const [name, send, opts = {}] of kinds) {
    const warmup = opts.warmup ?? 2;
    const n = opts.samples ?? samples;
    for (let i = 0; i < warmup; i++) await send();
    const rows = [];
    for (let i = 0; i < n; i++) {
      writeFileSync(logFile, "");
      const res = await send();
      const calls = readCalls(logFile).filter((c) => c.start >= res.sentAt - 1);
      rows.push({
        status: res.status,
        ttfbMs: res.ttfbMs,
        calls: calls.length,
        roundTrips: sequentialRoundTrips(calls, res.firstByte),
        endpoints: calls.map((c) => c.call.replace(/^(\w+) [^/]+/, "$1 ")),
      });
    }
    const ttfb = rows.map((r) => r.ttfbMs);
    const row = (out.requests[name] = {
      samples: rows.length,
      statuses: [...new Set(rows.map((r) => r.status))],
      calls: median(rows.map((r) => r.calls)),
      roundTrips: median(rows.map((r) => r.roundTrips)),
      roundTripsMax: Math.max(0, ...rows.map((r) => r.roundTrips)),
      ttfbP50: round(median(ttfb) ?? 0),
      ttfbP95: round(pct(ttfb, 95) ?? 0),
      endpoints: rows[Math.floor((rows.length - 1) / 2)]?.endpoints ?? [],
    });
    console.log(
      `  ${name.padEnd(38)} ${String(row.statuses).padEnd(4)} calls ${row.calls}  round trips ${row.roundTrips} (max ${row.roundTripsMax})  TTFB p50 ${row.ttfbP50} ms  p95 ${row.ttfbP95} ms`,
    );
  }
  return out;
}

/** The browsing visit of the budget: land on /, 3 catalog pages, 2 product pages, /cv; no cart. */
const BROWSE = ["/", "/products", "/collections/:first", "/products?page=2", PRODUCT_PAGE, "/products/mug-cafe-code", "/cv"];

/**
 * The SDK calls of two typical visits, `replicas` serving the pages in turn (round robin), after one unmeasured
 * browsing visit on the first replica (the catalog warm): a browsing visit, and a buying one (browse, add 2 items,
 * view the cart, open checkout, send it: the payment page is Wix's, its calls are not the site's).
 */
export async function measureVisits(replicas, logFile) {
  let turn = 0;
  const next = () => replicas[turn++ % replicas.length].url;
  const category = /href="(\/collections\/[^"?#]+)"/.exec((await timedRequest(replicas[0].url + "/products")).body)?.[1] ?? "/products";
  const browse = BROWSE.map((p) => (p === "/collections/:first" ? category : p));
  // Catalog reads are the cache's refreshes (each entry at most every 30 s, whatever the number of visitors): told
  // apart from the visit's own calls.
  const isCatalog = (call) => /^\w+ (\/stores\/|\/stores-reader\/|\/categories\/)/.test(call);
  let catalogRefreshes = 0;
  const counted = async (fn) => {
    writeFileSync(logFile, "");
    await fn();
    const all = readCalls(logFile).map((c) => c.call.replace(/^(\w+) [^/]+/, "$1 "));
    catalogRefreshes = all.filter(isCatalog).length;
    return all.filter((c) => !isCatalog(c));
  };
  const browsing = async (browser) => {
    for (const path of browse) await browser.send(next() + path);
  };
  // The catalog warm on one replica (what another replica reads comes from Redis).
  const site = replicas[0].url;
  await browsing(new Browser(site));
  turn = 0;
  const browseCalls = await counted(() => browsing(new Browser(site)));
  const browseRefreshes = catalogRefreshes;
  turn = 0;
  const browseAgain = await counted(() => browsing(new Browser(site)));
  turn = 0;
  const steps = [];
  const buyCalls = await counted(async () => {
    const buyer = new Browser(site);
    const own = () => readCalls(logFile).filter((c) => !isCatalog(c.call.replace(/^(\w+) [^/]+/, "$1 "))).length;
    const step = async (what, fn) => {
      const before = own();
      await fn();
      steps.push({ what, calls: own() - before });
    };
    await step("browse", () => browsing(buyer));
    await step("add (product page, POST, 303's page)", () => buyer.add(next(), PRODUCT_PAGE));
    await step("add a second item", () => buyer.add(next(), "/products/mug-cafe-code?Couleur=Bleu"));
    await step("view the cart", () => buyer.send(next() + "/cart"));
    let checkout = null;
    await step("open checkout", async () => (checkout = await buyer.send(next() + "/checkout")));
    await step("send checkout (→ payment page)", async () => {
      const fields = { ...formFields(checkout.body, "Continuer vers le paiement"), ...checkoutForm, waiveWithdrawal: "on" };
      const res = await buyer.send(next() + "/checkout", { method: "POST", form: freshKey(fields) });
      if (res.status !== 303) throw new Error(`checkout answered ${res.status}`);
    });
  });
  const perMinute = (calls) => (calls > 0 ? Math.floor(200 / calls) : Infinity);
  return {
    replicas: replicas.length,
    browsing: {
      calls: browseCalls.length,
      endpoints: browseCalls,
      catalogRefreshes: browseRefreshes,
      again: browseAgain.length,
      againEndpoints: browseAgain,
    },
    buying: { calls: buyCalls.length, endpoints: buyCalls, steps, perMinute: perMinute(buyCalls.length), catalogRefreshes },
  };
}
