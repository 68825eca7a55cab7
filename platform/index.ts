// The embedded Wix-compatible commerce platform: answers the SDK's requests to www/edge.wixapis.com,
// the same API under /_platform/api, and the hosted pages under /_platform/.
import { registerCart } from "./ecom/cart/cart-v1";
import { registerCartV2 } from "./ecom/cart/cart-v2";
import { registerDelivery } from "./ecom/pricing/delivery";
import { registerCoupons } from "./ecom/pricing/coupons";
import { mergeCarts } from "./ecom/cart/cart-store";
import { registerCatalog } from "./stores/catalog";
import { registerCatalogV3 } from "./stores/v3/register";
import { registerOwnerCatalog } from "./stores/owner-catalog";
import { registerCategories } from "./categories/categories";
import { DEFAULT_CATALOG_VERSION, parseCatalogVersion } from "./stores/catalog-version";
import { registerCheckout } from "./ecom/checkout/checkout-v1";
import { CART_V1_REMOVAL, removedOn } from "./core/removed-apis";
import type { Ctx, ResolvedOptions } from "./core/context";
import { resolveSeedPaths, SIGNUP_POLICIES } from "./core/context";
import { checkDatabase, isSeeded, openDatabase, PlatformDbError, wipe } from "./core/db";
import type { ApiRequest } from "./core/http";
import {
  appError,
  clientOf,
  decodeDotR,
  errorResponse,
  formToObject,
  html,
  json,
  MAX_API_BODY_BYTES,
  newRequestId,
  parseJsonObject,
  queryToObject,
  readBodyText,
  Router,
  UNREADABLE_FORM,
  WixError,
} from "./core/http";
import { awaitRoundTrip } from "./core/latency";
import { registerForms } from "./forms/forms";
import { registerDataItems } from "./data/items";
import { registerDraftOrders } from "./ecom/draft-orders/draft-orders";
import { registerPaymentRequests } from "./ecom/payment-requests/payment-requests";
import { expireUnpaid } from "./ecom/checkout/unpaid-holds";
import { registerIdentity } from "./iam/identity";
import { createOutboxTransport, defaultOutboxFile, readOutbox } from "./core/mail";
import { registerMembers } from "./members/members";
import { registerMembersAdmin } from "./members/members-admin";
import { registerAdminOrders } from "./ecom/orders/owner-orders";
import { registerPayments } from "./ecom/after-sale/payments";
import { registerRefunds } from "./ecom/after-sale/refunds";
import { registerFulfillments } from "./ecom/after-sale/fulfillments";
import { registerInvoices } from "./ecom/after-sale/invoices";
import { registerAppOnly } from "./ecom/checkout/app-only";
import { registerOAuth } from "./iam/oauth";
import { registerOrders } from "./ecom/orders/orders";
import { errorPage, withTheme } from "./core/layout";
import { hostedPages } from "./pages/hosted";
import { DEFAULT_MEDIA_LIMITS } from "./media/budget";
import { mediaHandler } from "./media/media";
import { seedPhotos } from "./seed/photos/index";
import { registerRedirects } from "./redirects/redirects";
import { loadSeed, readSeedFile } from "./seed/seed";
import { apiLog, recordApiCall } from "./core/api-log";
import { pumpWebhooks, setWebhookSink, webhookKeys, webhookOutbox } from "./events/webhooks";
import { APP_ORIGIN_HEADER, normalizeOrigin, WIX_API_HOSTS } from "./core/platform-fetch";
import { parseRequestsPerMinute, SiteRateLimit, siteThrottled, WIX_REQUESTS_PER_MINUTE } from "./core/rate-limit";
import { injectFault, switchesAnswer, type Switches } from "./core/faults";

export type { MailLink, MailMessage, MailTransport } from "./core/mail";
export type { SignupPolicy, CatalogVersion } from "./core/context";
export { IAM_ERRORS, VERIFICATION_ERRORS } from "./iam/identity";
export { PlatformDbError } from "./core/db";

export { EMBEDDED_CLIENT_ID, platformOptionsFromEnv } from "./options";
export type { Faults, Platform, PlatformOptions } from "./options";
import type { Platform, PlatformOptions } from "./options";
import { cleanFaults, EMBEDDED_CLIENT_ID } from "./options";

export { APP_ORIGIN_HEADER, installPlatformFetch, WIX_API_HOSTS, wixApiUrl } from "./core/platform-fetch";
export { WIX_REQUESTS_PER_MINUTE, type RateLimitStatus } from "./core/rate-limit";

export function createPlatform(options: PlatformOptions): Platform {
  const paths = resolveSeedPaths(options.seedFile);
  const opts: ResolvedOptions = {
    dbPath: options.dbPath,
    seed: options.seed ?? true,
    seedFile: paths.seedFile,
    mediaDir: paths.mediaDir,
    clientId: options.clientId ?? EMBEDDED_CLIENT_ID,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 4 * 3600,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 30 * 24 * 3600,
    allowedOrigins: (options.allowedOrigins ?? []).map((o) => normalizeOrigin(o) ?? o),
    allowedRedirectUris: [],
    defaultAppOrigin: normalizeOrigin(options.defaultAppOrigin) ?? "http://localhost:3000",
    now: options.now ?? Date.now,
    signupPolicy: "open",
    requireMemberApproval: false,
    ...(options.ownerToken ? { ownerToken: options.ownerToken } : {}),
    ...(options.ownerEmail ? { ownerEmail: options.ownerEmail } : {}),
    ...(options.shopName ? { shopName: options.shopName } : {}),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    ...(options.siteId ? { siteId: options.siteId } : {}),
    paymentCapture: options.paymentCapture ?? "automatic",
    catalogVersion: parseCatalogVersion(options.catalogVersion, "catalogVersion") ?? DEFAULT_CATALOG_VERSION,
  };
  opts.allowedRedirectUris = options.allowedRedirectUris ?? [`${opts.defaultAppOrigin}/account/callback`];
  const policy = options.signupPolicy ?? (options.requireMemberApproval ? "owner-approval" : "open");
  if (!SIGNUP_POLICIES.includes(policy)) throw new Error(`Unknown signupPolicy: ${String(policy)}`);
  opts.signupPolicy = policy;
  opts.requireMemberApproval = policy === "owner-approval";
  const perMinute = parseRequestsPerMinute(options.rateLimitPerMinute, "rateLimitPerMinute") ?? WIX_REQUESTS_PER_MINUTE;
  const db = openDatabase(opts.dbPath);
  const outboxFile = options.outboxFile === false ? undefined : (options.outboxFile ?? defaultOutboxFile(opts.dbPath));
  const photos = seedPhotos(opts.seedFile);
  const ctx: Ctx = {
    db,
    opts,
    mail: options.mailTransport ?? createOutboxTransport(db, outboxFile),
    onMemberLogin: mergeCarts,
    mediaSize: photos.size,
  };
  let faults = cleanFaults(options.faults);
  let budget = new SiteRateLimit(perMinute);
  let warnedAt = -Infinity;
  /** Wix's per-site budget: one API call more, or its 429 (said in the log at most once a minute). */
  const spendBudget = () => {
    if (budget.take()) return;
    if (performance.now() - warnedAt >= 60_000) {
      warnedAt = performance.now();
      console.warn(`[platform] the site made ${budget.perMinute} API calls in the last minute: the next ones answer 429`);
    }
    throw siteThrottled(budget.perMinute);
  };
  const keys = webhookKeys(db);
  let closedFlag = false;
  let pumping: Promise<number> | null = null;
  const sink = {
    urls: options.webhookUrls ?? [],
    audience: opts.clientId,
    fetch: options.webhookFetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)),
    wake: () => void setTimeout(() => void pump(), 0).unref?.(),
  };
  const pump = (): Promise<number> => {
    if (closedFlag) return Promise.resolve(0);
    pumping ??= pumpWebhooks(db, sink, keys.privatePem)
      .catch((err) => {
        console.error("[platform] webhook delivery failed", err);
        return 0;
      })
      .finally(() => {
        pumping = null;
      });
    return pumping;
  };
  setWebhookSink(db, sink);
  // Retries (and rows left pending by a previous process) go out on this timer.
  const retryTimer = sink.urls.length ? setInterval(() => void pump(), 1000) : null;
  retryTimer?.unref?.();
  // Unpaid orders' waits end on time even when nobody reads orders (ecom/checkout/unpaid-holds.ts).
  const unpaidTimer = setInterval(() => {
    if (!closedFlag) ctx.db.transaction(() => expireUnpaid(ctx)).immediate();
  }, 60_000);
  unpaidTimer.unref?.();
  if (sink.urls.length) sink.wake();
  const faultControl = options.faultControl === true;

  const seedNow = () => {
    if (!opts.seed) return;
    const data = readSeedFile(opts.seedFile);
    if (!data) {
      console.warn(`[platform] seed file not found (${opts.seedFile}); starting with an empty catalog`);
      return;
    }
    loadSeed(ctx, data);
  };
  try {
    if (!isSeeded(db)) seedNow();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("SQLITE_")) {
      db.close();
      throw new PlatformDbError(opts.dbPath, `cannot be read or seeded (${code}: ${(error as Error).message})`);
    }
    throw error;
  }
  let lastCheck = { at: -Infinity, problem: null as string | null };

  const api = new Router();
  registerOAuth(api, ctx);
  registerRedirects(api, ctx);
  registerCatalog(api, ctx);
  registerCatalogV3(api, ctx);
  registerOwnerCatalog(api, ctx);
  registerCategories(api, ctx);
  registerCart(api.gated(removedOn(ctx, CART_V1_REMOVAL, "Cart V1")), ctx);
  registerCartV2(api, ctx);
  registerDelivery(api, ctx);
  registerCoupons(api, ctx);
  registerCheckout(api.gated(removedOn(ctx, CART_V1_REMOVAL, "Checkout V1")), ctx);
  registerOrders(api, ctx);
  registerAdminOrders(api, ctx);
  registerPayments(api, ctx);
  registerRefunds(api, ctx);
  registerFulfillments(api, ctx);
  registerInvoices(api, ctx);
  registerAppOnly(api, ctx);
  registerMembers(api, ctx);
  registerMembersAdmin(api, ctx);
  registerIdentity(api, ctx);
  registerForms(api, ctx);
  registerDataItems(api, ctx);
  registerDraftOrders(api, ctx);
  registerPaymentRequests(api, ctx);

  async function handleApi(request: Request, url: URL, path: string, appOrigin: string): Promise<Response> {
    const method = request.method.toUpperCase();
    const m = api.match(method, path);
    if (m === null) throw appError(404, "NOT_FOUND", `Aucune route pour ${method} ${path}`, { path }, "Not Found");
    if (m === "method")
      throw appError(
        405,
        "METHOD_NOT_ALLOWED",
        `Méthode ${method} non prise en charge pour ${path}`,
        { path, method },
        "Method Not Allowed",
      );
    let body: Record<string, unknown>;
    if (method === "GET" || method === "DELETE" || method === "HEAD") {
      const r = url.searchParams.get(".r");
      if (r !== null) {
        const decoded = decodeDotR(r);
        if (typeof decoded !== "object" || decoded === null || Array.isArray(decoded))
          throw appError(400, "INVALID_ARGUMENT", ".r doit contenir un objet JSON");
        body = decoded as Record<string, unknown>;
      } else body = queryToObject(url.searchParams);
    } else {
      const text = await readBodyText(request, MAX_API_BODY_BYTES);
      const type = request.headers.get("content-type") ?? "";
      if (!text.trim()) body = {};
      else if (type.includes("application/x-www-form-urlencoded")) body = formToObject(new URLSearchParams(text));
      else body = parseJsonObject(text);
    }
    const req: ApiRequest = {
      method,
      path,
      params: m.params,
      body,
      query: url.searchParams,
      queryObject: queryToObject(url.searchParams),
      headers: request.headers,
      appOrigin,
      client: clientOf(request),
      raw: request,
    };
    recordApiCall(db, method, path);
    const result = await m.handler(req);
    return result instanceof Response ? result : json(result ?? {});
  }

  const handlePages = hostedPages(ctx, keys.publicPem);
  const switches: Switches = {
    enabled: faultControl,
    faults: () => faults,
    setFaults: (next) => void (faults = next),
    rateLimit: () => budget.status(),
    setRateLimit: (perMinute) => {
      budget = new SiteRateLimit(parseRequestsPerMinute(perMinute, "perMinute")!);
      return budget.status();
    },
  };
  const serveMedia = mediaHandler({ dir: opts.mediaDir, draw: photos.draw }, { ...DEFAULT_MEDIA_LIMITS, ...options.mediaLimits });

  async function dispatch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    try {
      const switched = WIX_API_HOSTS.has(url.hostname) ? null : await switchesAnswer(request, url.pathname, switches);
      if (switched) return switched;
      const isApi = WIX_API_HOSTS.has(url.hostname) || url.pathname === "/_platform/api" || url.pathname.startsWith("/_platform/api/");
      if (isApi) {
        // Latency mode (core/latency.ts): the round trip to Wix, before anything else is answered.
        await awaitRoundTrip(options.latencyMs);
        const failed = await injectFault(faults);
        if (failed) return failed;
        spendBudget();
      }
      if (WIX_API_HOSTS.has(url.hostname)) {
        const appOrigin = normalizeOrigin(request.headers.get(APP_ORIGIN_HEADER)) ?? opts.defaultAppOrigin;
        return await handleApi(request, url, url.pathname, appOrigin);
      }
      if (url.pathname === "/_platform/api" || url.pathname.startsWith("/_platform/api/")) {
        // External callers cannot choose the app origin: the header only counts in-process.
        return await handleApi(request, url, url.pathname.slice("/_platform/api".length) || "/", opts.defaultAppOrigin);
      }
      if (url.pathname.startsWith("/_platform/media/")) return await serveMedia(request, url.pathname.slice("/_platform/media/".length));
      if (url.pathname.startsWith("/_platform/")) {
        let answer: Response;
        try {
          answer = await handlePages(request, url, url.pathname.slice("/_platform/".length));
        } catch (err) {
          // A hosted page answers a person: the refusal is a French page, not the API's JSON.
          if (!(err instanceof WixError)) throw err;
          // The client's error: one line in the log, no stack trace.
          console.warn(`[platform] refused (${err.status}) ${request.method} ${url.pathname}: ${err.message}`);
          const title = err.status === 413 ? "Requête trop volumineuse" : "Requête refusée";
          const text =
            err.status === 413
              ? "Le formulaire envoyé est trop volumineux."
              : err.message === UNREADABLE_FORM
                ? UNREADABLE_FORM
                : "Cette requête ne peut pas être traitée.";
          answer = html(errorPage(title, text), err.status);
        }
        return await withTheme(request, answer);
      }
      throw appError(404, "NOT_FOUND", `Aucune route pour ${url.pathname}`, { path: url.pathname }, "Not Found");
    } catch (err) {
      if (err instanceof WixError) return errorResponse(err);
      console.error("[platform] unexpected error", err);
      return json(
        {
          message: "Internal Server Error",
          details: { applicationError: { code: "INTERNAL_ERROR", description: "Erreur interne de la plateforme", data: {} } },
        },
        500,
      );
    }
  }

  let closed = false;
  return {
    async fetch(request: Request): Promise<Response> {
      const requestId = newRequestId();
      if (closed) {
        const r = json({ message: "Platform closed" }, 503);
        r.headers.set("x-wix-request-id", requestId);
        return r;
      }
      const res = await dispatch(request);
      // Responses from Response.redirect() have immutable headers; rebuild when needed.
      try {
        res.headers.set("x-wix-request-id", requestId);
        return res;
      } catch {
        const headers = new Headers(res.headers);
        headers.set("x-wix-request-id", requestId);
        return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
      }
    },
    reset() {
      // One transaction: concurrent requests see the old data or the new, never an empty store.
      db.transaction(() => {
        wipe(db);
        seedNow();
      }).immediate();
    },
    apiLog() {
      return apiLog(db);
    },
    setFaults(next) {
      faults = cleanFaults(next);
      return { ...faults };
    },
    getFaults() {
      return { ...faults };
    },
    outbox() {
      return readOutbox(db);
    },
    webhookPublicKey() {
      return keys.publicPem;
    },
    async flushWebhooks() {
      if (pumping) await pumping;
      return pump();
    },
    webhookOutbox() {
      return webhookOutbox(db);
    },
    setCatalogVersion(version) {
      opts.catalogVersion = parseCatalogVersion(version, "catalogVersion") ?? opts.catalogVersion;
    },
    apiRoutes() {
      return api.list();
    },
    rateLimit: switches.rateLimit,
    setRateLimit: switches.setRateLimit,
    problem() {
      if (closed) return "platform closed";
      const now = performance.now();
      if (now - lastCheck.at >= 2000) lastCheck = { at: now, problem: checkDatabase(db) };
      return lastCheck.problem;
    },
    close() {
      if (closed) return;
      closed = true;
      closedFlag = true;
      if (retryTimer) clearInterval(retryTimer);
      clearInterval(unpaidTimer);
      db.close();
    },
  };
}
