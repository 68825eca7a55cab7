// The pages a run measures: each checked once, the 3-line cart session built, the add-to-cart form read, and what
// each page says about caching (the input for a Cache-Control policy).
import { findForm, formFields, Visitor } from "../../tests/support/visitor.ts";

// Product pages used: one with options chosen in the URL (physical, stock
// tracked), and a digital product whose stock is not tracked for the cycle,
// so thousands of adds never run out of stock.
export const PRODUCT_PAGE = "/products/t-shirt-typescript?Taille=M&Couleur=Noir";
export const CYCLE_PAGE = "/products/formation-typescript?Format=Inter&Session=12%20et%2013%20janvier%202027";
const CART_PAGES = [
  PRODUCT_PAGE,
  "/products/mug-cafe-code?Couleur=Bleu",
  "/products/formation-react?Format=Intra&Session=19%20et%2020%20janvier%202027",
];
const log = (...a) => console.log(...a);
const ADD_TO_CART = "Ajouter au panier";

export async function text(url, init = {}) {
  const res = await fetch(url, { redirect: "manual", ...init });
  return { status: res.status, body: await res.text(), contentType: res.headers.get("content-type") ?? "", res };
}

/** What a browser sends with a product page's "Ajouter au panier" (the test kit's form reader); null without one. */
export function addToCartForm(html) {
  if (!findForm(html, ADD_TO_CART)) return null;
  const fields = formFields(html, ADD_TO_CART);
  return fields.intent === "add" && fields.productId ? fields : null;
}

/** `visitor` (the test kit's Visitor on `app.url`) opens `page` and presses "Ajouter au panier". */
export async function postAdd(visitor, page) {
  const html = await visitor.request("GET", page);
  const form = html.status === 200 ? addToCartForm(html.body) : null;
  if (!form) return { ok: false, why: `${page}: no add-to-cart form (status ${html.status})` };
  const res = await visitor.request("POST", page, form);
  if (res.status !== 303) return { ok: false, why: `POST ${page} answered ${res.status}, expected 303` };
  return { ok: true, form, location: res.location };
}

/** Checks every page answers, builds the 3-line cart session, finds the cycle's form. */
export async function prepareScenarios(app) {
  const notAvailable = {};
  const pageHtml = {};
  const gets = [];
  for (const [name, path] of [
    ["/", "/"],
    ["/products", "/products"],
    ["/products/:slug", PRODUCT_PAGE],
  ]) {
    const r = await text(app.url + path);
    if (r.status === 200) {
      gets.push({ name, path });
      pageHtml[name] = r.body;
    } else notAvailable[name] = `GET ${path} answered ${r.status}`;
  }

  let cart = null;
  const buyer = new Visitor(app.url);
  const adds = [];
  for (const page of CART_PAGES) adds.push(await postAdd(buyer, page));
  const failed = adds.find((a) => !a.ok);
  if (failed) notAvailable["/cart"] = failed.why;
  else {
    await buyer.request("GET", "/cart");
    // The first view consumed the notification; this one is what the load sees.
    const again = await buyer.request("GET", "/cart");
    const lines = countCartLines(again.body);
    if (again.status !== 200) notAvailable["/cart"] = `GET /cart answered ${again.status}`;
    else {
      cart = { cookie: buyer.cookieHeader(), lines };
      pageHtml["/cart"] = again.body;
      if (lines !== null && lines !== 3) log(`warning: the cart page shows ${lines} lines, expected 3`);
    }
  }

  let cycle = null;
  const probe = await postAdd(new Visitor(app.url), CYCLE_PAGE);
  if (probe.ok) cycle = { productPath: CYCLE_PAGE, form: probe.form };
  else notAvailable["add-to-cart cycle"] = probe.why;

  // The contact page counts for Lighthouse once it exists.
  const contact = (await text(app.url + "/contact")).status === 200;

  for (const [k, v] of Object.entries(notAvailable)) log(`not available yet: ${k} (${v})`);
  const headers = await cachingHeaders(app, pageHtml, cart);
  return { gets, cart, cycle, contact, notAvailable, pageHtml, headers };
}

/** What each page says about caching, and whether it sets cookies: the input for a Cache-Control policy. */
async function cachingHeaders(app, pageHtml, cart) {
  const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+)"/.exec(pageHtml["/"] ?? "")?.[1];
  const list = [
    ["/ (no cookie)", "/", ""],
    ["/products (no cookie)", "/products", ""],
    ["/products/:slug (no cookie)", PRODUCT_PAGE, ""],
    ["/ (with a cart)", "/", cart?.cookie ?? ""],
    ["/cart (with a cart)", "/cart", cart?.cookie ?? ""],
    ...(asset ? [["a built asset", asset, ""]] : []),
    ["/favicon.ico", "/favicon.ico", ""],
  ];
  const out = [];
  for (const [name, path, cookie] of list) {
    if (name.includes("with a cart") && !cookie) continue;
    const res = await fetch(app.url + path, { redirect: "manual", headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) } });
    const body = await res.arrayBuffer();
    out.push({
      name,
      status: res.status,
      cacheControl: res.headers.get("cache-control") ?? "(none)",
      setCookie:
        res.headers
          .getSetCookie()
          .map((c) => c.split("=")[0])
          .join(", ") || "-",
      vary: res.headers.get("vary") ?? "-",
      encoding: res.headers.get("content-encoding") ?? "identity",
      bytes: body.byteLength,
    });
  }
  return out;
}

/** Lines in the served cart page, when its markup lets us count them (null if not). */
export function countCartLines(html) {
  const m = html.match(/<li\b[^>]*class="[^"]*cart-line\b[^"]*"/g);
  return m ? m.length : null;
}
