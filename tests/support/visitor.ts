/**
 * A browser without a browser: cookies, forms and redirects over plain HTTP
 * against the built server (`node server.js`, the container's command).
 */
import { randomBytes } from "node:crypto";
import { FORM_KEY_FIELD } from "../../app/lib/form-key";
import { applySetCookie, cookieHeader, type CookieJar } from "./cookies";

export interface HttpResponse {
  status: number;
  location: string | null;
  body: string;
  url: string;
}

/** One visitor: a cookie jar and a browser's form submissions (same-origin `Origin` header). */
export class Visitor {
  readonly cookies: CookieJar = new Map();
  /** `publicOrigin`: what the browser would send as Origin (the site's public origin) when `origin` is a replica's own address. */
  constructor(
    readonly origin: string,
    readonly publicOrigin = origin,
  ) {}

  /** The same visitor (same cookies) on another server address, e.g. after a restart. */
  at(origin: string): Visitor {
    const moved = new Visitor(origin, this.publicOrigin === this.origin ? origin : this.publicOrigin);
    for (const [k, v] of this.cookies) moved.cookies.set(k, v);
    return moved;
  }

  /** The `Cookie` header this visitor sends ("" before the first cookie). */
  cookieHeader(): string {
    return cookieHeader(this.cookies);
  }

  async request(
    method: string,
    path: string,
    form?: Record<string, string>,
    extraHeaders: Record<string, string> = {},
  ): Promise<HttpResponse> {
    const url = new URL(path, this.origin).toString();
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    let body: string | undefined;
    if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = this.publicOrigin;
      body = new URLSearchParams(form).toString();
    }
    const res = await fetch(url, { method, headers: { ...headers, ...extraHeaders }, body, redirect: "manual" });
    applySetCookie(this.cookies, res.headers.getSetCookie());
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

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? decode(m[1] ?? m[2] ?? m[3] ?? "") : undefined;
};

/** The markup of the first form whose text holds `buttonText` (undefined when the page has none). */
export function findForm(html: string, buttonText: string): string | undefined {
  const forms = html.match(/<form\b[\s\S]*?<\/form>/gi) ?? [];
  return forms.find((f) => f.replace(/<[^>]+>/g, "").includes(buttonText));
}

/**
 * The same fields as another render of the page would send them: a fresh idempotency key (a new tab, a reload). Load
 * tools that read a form once and send it many times use it, or the site rightly answers their repeats as one double
 * submit (server/idempotency.ts).
 */
export function freshRender(fields: Record<string, string>): Record<string, string> {
  return FORM_KEY_FIELD in fields ? { ...fields, [FORM_KEY_FIELD]: randomBytes(18).toString("base64url") } : fields;
}

/**
 * The fields a browser would send for the form that holds `buttonText`: hidden and
 * text inputs with their values (honeypots stay empty), checked boxes and radios,
 * selected options. Good enough for the app's server-rendered forms.
 */
export function formFields(html: string, buttonText: string): Record<string, string> {
  const form = findForm(html, buttonText);
  if (!form) throw new Error(`no form with "${buttonText}"`);
  const fields: Record<string, string> = {};
  for (const tag of form.match(/<input\b[^>]*>/gi) ?? []) {
    const name = attr(tag, "name");
    if (!name) continue;
    const type = (attr(tag, "type") ?? "text").toLowerCase();
    if (type === "submit" || type === "button" || type === "image" || type === "file") continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked\b/i.test(tag)) continue;
    fields[name] = attr(tag, "value") ?? (type === "checkbox" ? "on" : "");
  }
  for (const m of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
    const name = attr(m[1]!, "name");
    if (!name) continue;
    const options = [...m[2]!.matchAll(/<option\b([^>]*)>/gi)].map((o) => o[1]!);
    const chosen = options.find((o) => /\sselected\b/i.test(o)) ?? options[0];
    if (chosen !== undefined) fields[name] = attr(chosen, "value") ?? "";
  }
  for (const m of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/gi)) {
    const name = attr(m[1]!, "name");
    if (name) fields[name] = decode(m[2]!);
  }
  // The submit button's own name/value, as a browser sends it.
  const button = (form.match(/<button\b[^>]*>[\s\S]*?<\/button>/gi) ?? []).find((b) => b.replace(/<[^>]+>/g, "").includes(buttonText));
  const buttonName = button ? attr(button.match(/<button\b[^>]*>/i)![0], "name") : undefined;
  if (button && buttonName) fields[buttonName] = attr(button.match(/<button\b[^>]*>/i)![0], "value") ?? "";
  return fields;
}
