// The pages a run measures: each checked once, the 3-line cart session built, the add-to-cart form read, and what
// each page says about caching (the input for a Cache-Control policy).
import { applySetCookie, cookieHeader, setCookiesOf } from "./cookies.mjs";

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

export async function text(url, init = {}) {
  const res = await fetch(url, { redirect: "manual", ...init });
  return { status: res.status, body: await res.text(), contentType: res.headers.get("content-type") ?? "", res };
}

/** Hidden and default fields of the add-to-cart form of a product page (what a browser would post). */
export function addToCartForm(html) {
  const form = /<form class="add-to-cart"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) return null;
  const fields = {};
  for (const m of form[1].matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]+)"/.exec(m[0])?.[1];
    const value = /\bvalue="([^"]*)"/.exec(m[0])?.[1];
    const choice = /type="(radio|checkbox)"/.test(m[0]);
    if (name && value !== undefined && (!choice || /\bchecked=""/.test(m[0]))) fields[name] = value;
  }
  // Options are selects with the URL's choice selected, as a browser would send them.
  for (const m of form[1].matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = /\bname="([^"]+)"/.exec(m[1])?.[1];
    const chosen = /<option\b[^>]*\bvalue="([^"]*)"[^>]*\bselected=""/.exec(m[2])?.[1];
    if (name && chosen) fields[name] = chosen;
  }
  // The intent travels with the button pressed ("Ajouter au panier"), as a browser sends it.
  for (const m of form[1].matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)) {
    const name = /\bname="([^"]+)"/.exec(m[1])?.[1];
    const value = /\bvalue="([^"]*)"/.exec(m[1])?.[1];
    if (name && value !== undefined && m[2].includes("Ajouter au panier")) fields[name] = value;
  }
  return fields.intent === "add" && fields.productId ? fields : null;
}

export async function postAdd(app, page, jar) {
  const html = await text(app.url + page, { headers: jar.size ? { cookie: cookieHeader(jar) } : {} });
  applySetCookie(jar, setCookiesOf(html.res));
  const form = html.status === 200 ? addToCartForm(html.body) : null;
  if (!form) return { ok: false, why: `${page}: no add-to-cart form (status ${html.status})` };
  const res = await fetch(app.url + page, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, ...(jar.size ? { cookie: cookieHeader(jar) } : {}) },
    body: new URLSearchParams(form),
  });
  await res.arrayBuffer();
  applySetCookie(jar, setCookiesOf(res));
  if (res.status !== 303) return { ok: false, why: `POST ${page} answered ${res.status}, expected 303` };
  return { ok: true, form, location: res.headers.get("location") };
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
  const jar = new Map();
  const adds = [];
  for (const page of CART_PAGES) adds.push(await postAdd(app, page, jar));
  const failed = adds.find((a) => !a.ok);
  if (failed) notAvailable["/cart"] = failed.why;
  else {
    const r = await text(app.url + "/cart", { headers: { cookie: cookieHeader(jar) } });
    applySetCookie(jar, setCookiesOf(r.res));
    // The first view consumed the notification; this one is what the load sees.
    const again = await text(app.url + "/cart", { headers: { cookie: cookieHeader(jar) } });
    const lines = countCartLines(again.body);
    if (again.status !== 200) notAvailable["/cart"] = `GET /cart answered ${again.status}`;
    else {
      cart = { cookie: cookieHeader(jar), lines };
      pageHtml["/cart"] = again.body;
      if (lines !== null && lines !== 3) log(`warning: the cart page shows ${lines} lines, expected 3`);
    }
  }

  let cycle = null;
  const probe = await postAdd(app, CYCLE_PAGE, new Map());
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
        setCookiesOf(res)
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
