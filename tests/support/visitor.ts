/**
 * A browser without a browser: cookies, forms and redirects over plain HTTP
 * against the built server (`node server.js`, the container's command).
 */
import { randomBytes } from "node:crypto";
import { FORM_KEY_FIELD } from "../../app/lib/form-key";
import { CookieBrowser } from "./browser";
import type { CookieJar } from "./cookies";

export { findForm, formFields } from "./html";

export interface HttpResponse {
  status: number;
  location: string | null;
  body: string;
  url: string;
}

/** One visitor: a cookie jar and a browser's form submissions (same-origin `Origin` header). */
export class Visitor {
  private readonly browser: CookieBrowser;
  /** `publicOrigin`: what the browser would send as Origin (the site's public origin) when `origin` is a replica's own address. */
  constructor(
    readonly origin: string,
    readonly publicOrigin = origin,
  ) {
    this.browser = new CookieBrowser({ origin: () => this.publicOrigin });
  }

  get cookies(): CookieJar {
    return this.browser.cookies;
  }

  /** The same visitor (same cookies) on another server address, e.g. after a restart. */
  at(origin: string): Visitor {
    const moved = new Visitor(origin, this.publicOrigin === this.origin ? origin : this.publicOrigin);
    for (const [k, v] of this.cookies) moved.cookies.set(k, v);
    return moved;
  }

  /** The `Cookie` header this visitor sends ("" before the first cookie). */
  cookieHeader(): string {
    return this.browser.cookieHeader();
  }

  async request(
    method: string,
    path: string,
    form?: Record<string, string>,
    extraHeaders: Record<string, string> = {},
  ): Promise<HttpResponse> {
    const url = new URL(path, this.origin).toString();
    const res = await this.browser.send(this.browser.request(url, { method, form, headers: extraHeaders }), fetch);
    return { status: res.status, location: res.headers.get("location"), body: await res.text(), url };
  }

  /** GET, following redirects like a browser (a few hops at most). */
  async get(path: string): Promise<HttpResponse> {
    let res = await this.request("GET", path);
    for (let hops = 0; res.location && res.status >= 300 && res.status < 400 && hops < 5; hops++) {
      res = await this.request("GET", new URL(res.location, res.url).toString());
    }
    return res;
  }
}

/**
 * The same fields as another render of the page would send them: a fresh idempotency key (a new tab, a reload). Load
 * tools that read a form once and send it many times use it, or the site rightly answers their repeats as one double
 * submit (server/idempotency.ts).
 */
export function freshRender(fields: Record<string, string>): Record<string, string> {
  return FORM_KEY_FIELD in fields ? { ...fields, [FORM_KEY_FIELD]: randomBytes(18).toString("base64url") } : fields;
}
