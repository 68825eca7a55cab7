import { AsyncLocalStorage } from "node:async_hooks";
import { createClient, OAuthStrategy, type Tokens } from "@wix/sdk";
import { catalogVersioning, collections, inventoryItemsV3, products, productsV3, readOnlyVariantsV3 } from "@wix/stores";
import { categories } from "@wix/categories";
import { cartV2, currentCartV2, deliverySolutions, orderFulfillments, orders } from "@wix/ecom";
import { members } from "@wix/members";
import { redirects } from "@wix/redirects";
import { submissions } from "@wix/forms";
import { getConfig } from "../site/config.server";

/**
 * The Wix SDK clients of the commerce sessions (wix/commerce-session.server.ts), and the fetch every module call goes
 * through. Building a client wraps every function of every module (1.5 ms of CPU per request: a sixth of
 * a cart page, measured in bench/FINDINGS.md), so the requests share one process-wide client whose tokens and
 * fetch are those of the session running the request (`runInSession`, entered by the root middleware). A session
 * used outside its request (tests, the process's catalog reader) builds a client of its own.
 */

// The catalog of either version (app/.server/catalog/reader.server.ts reads the one the site runs), then ecom on
// Cart V2 only (docs/decisions/0042-cart-v2.md: no Cart V1 or Checkout V1 module is even in the client), members,
// redirects and forms.
const modules = {
  catalogVersioning,
  products,
  collections,
  productsV3,
  readOnlyVariantsV3,
  inventoryItemsV3,
  categories,
  currentCartV2,
  cartV2,
  deliverySolutions,
  orders,
  // The buyer reads her own order's parcels (the typings allow MEMBER).
  orderFulfillments,
  members,
  redirects,
  submissions,
};

/**
 * A platform call past its deadline. An Error (not a DOMException): the SDK writes `code` on
 * what fetch throws, which a DOMException refuses, and the timeout would reach us as a TypeError.
 */
export class CommerceTimeoutError extends Error {
  override name = "TimeoutError";
}

/**
 * Module calls go through this fetch (the SDK's `fetch` option), so a platform
 * that hangs fails the request after the configured time instead of holding it
 * forever; the global fetch underneath is still where the embedded platform answers.
 */
export function fetchWithTimeout(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Raced as well as aborted: the in-process platform answers through a function call that no signal can stop.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new CommerceTimeoutError("The commerce platform did not answer in time");
      controller.abort(error);
      reject(error);
    }, getConfig().commerce.timeoutMs);
  });
  const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
  return Promise.race([fetch(input, { ...init, signal }), deadline]).finally(() => clearTimeout(timer));
}

export function clientId(): string {
  return getConfig().commerce.clientId;
}

/** A client of its own (a session outside its request, the OAuth helpers without tokens). */
export function makeClient(fetchImpl: typeof fetchWithTimeout = fetchWithTimeout) {
  return createClient({ modules, auth: OAuthStrategy({ clientId: clientId() }), fetch: fetchImpl });
}
export type WixClient = ReturnType<typeof makeClient>;
export type AuthStrategy = ReturnType<typeof OAuthStrategy>;

/** What the shared client asks of the session running the request. */
export interface RunningSession {
  readonly sharedAuth: AuthStrategy;
  readonly sharedFetch: typeof fetchWithTimeout;
}

const running = new AsyncLocalStorage<RunningSession>();

export function runInSession<T>(session: RunningSession, fn: () => T): T {
  return running.run(session, fn);
}

export function isRunning(session: RunningSession): boolean {
  return running.getStore() === session;
}

/** No session running: calls go out without tokens (not expected: the shared client is only handed out inside one). */
const NO_SESSION = { getAuthHeaders: async () => ({ headers: {} }), shouldUseCDN: true } as unknown as AuthStrategy;

let shared: WixClient | undefined;
export function sharedClient(): WixClient {
  shared ??= createClient({
    modules,
    auth: () => running.getStore()?.sharedAuth ?? NO_SESSION,
    fetch: (input, init) => (running.getStore()?.sharedFetch ?? fetchWithTimeout)(input, init),
    // What OAuthStrategy says (`shouldUseCDN: true`); the SDK reads it once, when it wraps the modules.
    useCDN: true,
  });
  return shared;
}

/**
 * A session's auth for the shared client. The SDK only asks it for headers and the active token on a module call;
 * the OAuth flows (login, register, PKCE, logout) get a real OAuthStrategy holding the session's tokens, built the
 * first time one of them is used (building one creates a client of its own: ~1 ms).
 */
export function sessionAuth(tokensOf: () => Tokens | null): AuthStrategy {
  let full: AuthStrategy | null = null;
  const real = () => {
    if (!full) {
      full = OAuthStrategy({ clientId: clientId() });
      const tokens = tokensOf();
      if (tokens) full.setTokens(tokens);
    }
    return full;
  };
  const light: Record<string, unknown> = {
    getAuthHeaders: async () => ({ headers: { Authorization: tokensOf()?.accessToken.value ?? "" } }),
    getActiveToken: () => tokensOf()?.accessToken.value,
    getTokens: () => tokensOf(),
    // The tokens are the session's own; a real strategy, once built, follows them.
    setTokens: (tokens: Tokens) => full?.setTokens(tokens),
    shouldUseCDN: true,
  };
  return new Proxy(light, {
    get: (target, name) => {
      if (!full && typeof name === "string" && name in target) return target[name];
      const value = (real() as unknown as Record<string | symbol, unknown>)[name];
      return typeof value === "function" ? value.bind(full) : value;
    },
  }) as unknown as AuthStrategy;
}

/** Wix's read-after-write header: the SDK keeps it on its client, so with one shared client it is kept per session. */
const CONSISTENT_HEADER = "X-Wix-Consistent";

/** A session's fetch for the shared client: `fetchImpl`, carrying the session's own consistency header. */
export function sessionFetch(fetchImpl: typeof fetchWithTimeout): typeof fetchWithTimeout {
  let consistent: string | null = null;
  return async (input, init) => {
    let sent = init;
    if (consistent) {
      const headers = new Headers(init?.headers);
      headers.set(CONSISTENT_HEADER, consistent);
      sent = { ...init, headers };
    }
    const response = await fetchImpl(input, sent);
    const received = response.headers.get(CONSISTENT_HEADER);
    if (!received) return response;
    consistent = received;
    const headers = new Headers(response.headers);
    headers.delete(CONSISTENT_HEADER);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
