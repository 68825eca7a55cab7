// The test kit's one browser without a browser. A cookie jar that follows Set-Cookie as a browser does, and requests
// built as a browser builds a form post (urlencoded body, the page's Origin); redirects are never followed on their
// own. What answers is the caller's: the Visitor sends over HTTP to a built server (tests/support/visitor.ts), the
// contract suite's Browser to the embedded platform's own fetch (tests/contract/harness.ts), and the route runner
// (tests/support/route.ts) runs an app route module in this process.
import { applySetCookie, cookieHeader, type CookieJar } from "./cookies";

export interface BrowserRequest {
  method?: string;
  /** A form post: the urlencoded body, its content type and the `Origin` header a browser sends with it. */
  form?: Record<string, string> | URLSearchParams;
  /** Sent as given, over the ones built here (a test sending a foreign Origin, say). */
  headers?: Record<string, string>;
}

export class CookieBrowser {
  readonly cookies: CookieJar = new Map();

  /**
   * `origin`: what a form post says it comes from (default: the request's own origin; a replica's tests give the
   * site's public origin). `headers`: sent with every request (the contract suite asks for HTML).
   */
  constructor(private readonly defaults: { origin?: (url: URL) => string; headers?: Record<string, string> } = {}) {}

  /** The `Cookie` header this browser sends ("" before the first cookie). */
  cookieHeader(): string {
    return cookieHeader(this.cookies);
  }

  /** Keeps the cookies an answer sets (an expired or emptied one leaves the jar). */
  remember(response: Response): void {
    applySetCookie(this.cookies, response.headers.getSetCookie());
  }

  /** The request a browser would send: its cookies, and for a form the body, content type and Origin. */
  request(url: string | URL, init: BrowserRequest = {}): Request {
    const target = new URL(url);
    const headers = new Headers(this.defaults.headers);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    let body: string | undefined;
    if (init.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      headers.set("origin", this.defaults.origin?.(target) ?? target.origin);
      body = new URLSearchParams(init.form).toString();
    }
    for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
    return new Request(target, { method: init.method ?? (init.form ? "POST" : "GET"), headers, body, redirect: "manual" });
  }

  /** Sends the request through `send` and keeps the cookies of its answer. */
  async send(request: Request, send: (request: Request) => Promise<Response>): Promise<Response> {
    const response = await send(request);
    this.remember(response);
    return response;
  }
}
