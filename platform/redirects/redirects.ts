// Redirect sessions: where the browser goes for login (OAuth authorize), logout and checkout payment.
import { emitEvent } from "../events/webhooks";
import type { Caller, Ctx } from "../core/context";
import { newId, requireCaller } from "../core/context";
import { nowSeconds } from "../core/db";
import type { Router } from "../core/http";
import { appError, asObject, asString, notFound } from "../core/http";
import { checkAllowedUrl, checkAuthorizationRedirect } from "../core/allowed-urls";
import { revokeRefreshToken } from "../iam/oauth";

export const SESSION_TTL_SECONDS = 24 * 3600;

export interface Callbacks {
  postFlowUrl?: string;
  thankYouPageUrl?: string;
  cartPageUrl?: string;
  loginUrl?: string;
}

export interface AuthSessionData {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  responseMode: "query" | "fragment" | "web_message";
  /** web_message: the only window origin the answer is posted to. */
  targetOrigin?: string;
  state: string;
  scope: string;
  callbacks: Callbacks;
  /** "none": answer at once (code, or error=login_required) without showing the login form. */
  prompt?: "login" | "none";
  /** From the SDK's direct login (auth.login/register → SUCCESS): single use, checked when the page is visited. */
  sessionToken?: string;
}

export interface SessionRow {
  id: string;
  kind: "auth" | "logout" | "ecomCheckout" | "login" | "paymentRequest";
  data: string;
  visitor_id: string | null;
  member_id: string | null;
  app_origin: string;
  created_at: number;
}

export function getSession(ctx: Ctx, id: string | null | undefined, kind?: SessionRow["kind"]): SessionRow | null {
  if (!id) return null;
  const row = ctx.db.prepare("SELECT * FROM redirect_sessions WHERE id = ?").get(id) as SessionRow | undefined;
  if (!row || (kind && row.kind !== kind) || row.created_at < nowSeconds() - SESSION_TTL_SECONDS) return null;
  return row;
}

function parseCallbacks(ctx: Ctx, appOrigin: string, raw: unknown): Callbacks {
  const o = asObject(raw) ?? {};
  const out: Callbacks = {};
  for (const key of ["postFlowUrl", "thankYouPageUrl", "cartPageUrl", "loginUrl"] as const) {
    const v = o[key];
    if (v === undefined || v === null || v === "") continue;
    if (typeof v !== "string")
      throw appError(400, "INVALID_REDIRECT_URI", `callbacks.${key} doit être une URL`, { field: `callbacks.${key}` });
    out[key] = checkAllowedUrl(ctx, appOrigin, v, `callbacks.${key}`);
  }
  return out;
}

/** Stores a session and answers it as the API does; redirect_session_created carries that same RedirectSession. */
function store(ctx: Ctx, kind: SessionRow["kind"], data: unknown, caller: Caller, appOrigin: string, page: string) {
  const id = newId();
  ctx.db
    .prepare("INSERT INTO redirect_sessions (id, kind, data, visitor_id, member_id, app_origin, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .run(id, kind, JSON.stringify(data), caller.visitorId, caller.memberId, appOrigin, nowSeconds());
  const session = sessionWire(appOrigin, page, id);
  emitEvent(ctx, {
    eventType: "wix.headless.v1.redirect_session_created",
    entityFqdn: "wix.headless.v1.redirect_session",
    slug: "created",
    entityId: id,
    body: { created: session },
    identity: { memberId: caller.memberId, visitorId: caller.visitorId },
  });
  return session;
}

function sessionWire(appOrigin: string, page: string, id: string) {
  const endpoint = `${appOrigin}/_platform/${page}`;
  const fullUrl = `${endpoint}?session=${encodeURIComponent(id)}`;
  return { id, fullUrl, urlDetails: { endpoint, searchParams: { session: id } }, sessionToken: "", shortUrl: fullUrl };
}

export function createEcomSession(ctx: Ctx, caller: Caller, checkoutId: string, appOrigin: string, callbacks: Callbacks) {
  const row = ctx.db.prepare("SELECT owner FROM checkouts WHERE id = ?").get(checkoutId) as { owner: string } | undefined;
  if (!row || row.owner !== caller.owner) {
    // A Cart V2 has no checkout: its own id names it (the caller's cart, current or not yet placed).
    const cart = ctx.db.prepare("SELECT owner, placed_by, order_id FROM carts WHERE id = ?").get(checkoutId) as
      { owner: string; placed_by: string | null; order_id: string | null } | undefined;
    if (cart && (cart.placed_by ?? cart.owner) === caller.owner && !cart.order_id)
      return createCartSession(ctx, caller.owner, checkoutId, appOrigin, callbacks);
    throw notFound("CHECKOUT_NOT_FOUND", `Commande en cours introuvable : ${checkoutId}`, { checkoutId });
  }
  return store(ctx, "ecomCheckout", { checkoutId, callbacks: withDefaults(callbacks, appOrigin) }, caller, appOrigin, "checkout");
}

/**
 * A payment page session for a Cart V2 (Get Checkout URL, or a redirect session whose `ecomCheckout.checkoutId` is
 * a V2 cart's id: Wix names a Cart V2 purchase by the cart id, `{checkout_id}` in the typings' customCheckoutUrl).
 * `owner` is the cart's buyer.
 */
export function createCartSession(ctx: Ctx, owner: string, cartId: string, appOrigin: string, callbacks: Callbacks) {
  const caller: Caller = {
    token: "",
    memberId: owner.startsWith("m:") ? owner.slice(2) : null,
    visitorId: owner.startsWith("v:") ? owner.slice(2) : null,
    owner,
  };
  return store(ctx, "ecomCheckout", { cartId, callbacks: withDefaults(callbacks, appOrigin) }, caller, appOrigin, "checkout");
}

function withDefaults(callbacks: Callbacks, appOrigin: string): Callbacks {
  return {
    postFlowUrl: callbacks.postFlowUrl ?? callbacks.cartPageUrl ?? `${appOrigin}/`,
    thankYouPageUrl: callbacks.thankYouPageUrl ?? callbacks.postFlowUrl ?? `${appOrigin}/`,
    ...(callbacks.cartPageUrl ? { cartPageUrl: callbacks.cartPageUrl } : {}),
  };
}

export function registerRedirects(router: Router, ctx: Ctx): void {
  const handler = (req: Parameters<Parameters<Router["on"]>[2]>[0]) => {
    const caller = requireCaller(ctx, req.headers);
    const body = req.body;
    const appOrigin = req.appOrigin;
    const callbacks = parseCallbacks(ctx, appOrigin, body.callbacks);
    return ctx.db
      .transaction(() => {
        const auth = asObject(body.auth);
        if (auth) {
          const ar = asObject(auth.authRequest) ?? {};
          const clientId = asString(ar.clientId);
          if (clientId !== ctx.opts.clientId) throw appError(400, "INVALID_CLIENT_ID", "clientId inconnu", { clientId: clientId ?? null });
          const mode = asString(ar.responseMode) ?? "fragment";
          if (mode !== "query" && mode !== "fragment" && mode !== "web_message")
            throw appError(400, "UNSUPPORTED_RESPONSE_MODE", "responseMode doit être query, fragment ou web_message", {
              responseMode: mode,
            });
          // web_message answers by postMessage, not by a redirect: the SDK's getMemberTokensForDirectLogin sends no
          // redirectUri, and the answer then goes to the site that asked (the app origin) only.
          const redirectUri = asString(ar.redirectUri) ?? (mode === "web_message" ? "" : undefined);
          if (redirectUri === undefined)
            throw appError(400, "INVALID_REDIRECT_URI", "authRequest.redirectUri est requis", { field: "auth.authRequest.redirectUri" });
          if (redirectUri) checkAuthorizationRedirect(ctx, redirectUri, "auth.authRequest.redirectUri");
          const challenge = asString(ar.codeChallenge);
          if (!challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge))
            throw appError(400, "INVALID_CODE_CHALLENGE", "codeChallenge (S256, base64url) est requis", {
              field: "auth.authRequest.codeChallenge",
            });
          const method = asString(ar.codeChallengeMethod) ?? "S256";
          if (method !== "S256") throw appError(400, "INVALID_CODE_CHALLENGE_METHOD", "Seule la méthode S256 est acceptée", { method });
          const responseType = asString(ar.responseType) ?? "code";
          if (responseType !== "code")
            throw appError(400, "UNSUPPORTED_RESPONSE_TYPE", "Seul responseType=code est accepté", { responseType });
          const data: AuthSessionData = {
            clientId,
            redirectUri,
            codeChallenge: challenge,
            responseMode: mode,
            ...(mode === "web_message" ? { targetOrigin: redirectUri ? new URL(redirectUri).origin : appOrigin } : {}),
            state: asString(ar.state) ?? "",
            scope: asString(ar.scope) ?? "offline_access",
            callbacks,
            prompt: asString(auth.prompt)?.toLowerCase() === "none" ? "none" : "login",
            ...(asString(ar.sessionToken) ? { sessionToken: asString(ar.sessionToken) } : {}),
          };
          return { redirectSession: store(ctx, "auth", data, caller, appOrigin, "login") };
        }
        if (asObject(body.logout)) {
          const rt = ctx.db.prepare("SELECT refresh_token FROM access_tokens WHERE token = ?").get(caller.token) as
            { refresh_token: string | null } | undefined;
          // The member's session ends now, on this call: a browser that never follows the logout page (closed tab,
          // blocked redirect) must not leave a refresh token alive.
          if (caller.memberId && rt?.refresh_token) {
            const token = rt.refresh_token;
            ctx.db.transaction(() => revokeRefreshToken(ctx, token)).immediate();
          }
          const data = { callbacks: { postFlowUrl: callbacks.postFlowUrl ?? `${appOrigin}/` } };
          return { redirectSession: store(ctx, "logout", data, caller, appOrigin, "logout") };
        }
        const ecom = asObject(body.ecomCheckout);
        if (ecom) {
          const checkoutId = asString(ecom.checkoutId);
          if (!checkoutId)
            throw appError(400, "CHECKOUT_ID_REQUIRED", "ecomCheckout.checkoutId est requis", { field: "ecomCheckout.checkoutId" });
          return { redirectSession: createEcomSession(ctx, caller, checkoutId, appOrigin, callbacks) };
        }
        const request = asObject(body.ecomOrderPaymentRequest);
        if (request) {
          // The hosted page of an order payment request, with the site's callbacks (ecom/payment-requests/).
          const paymentRequestId = asString(request.paymentRequestId);
          if (!paymentRequestId)
            throw appError(400, "PAYMENT_REQUEST_ID_REQUIRED", "ecomOrderPaymentRequest.paymentRequestId est requis", {
              field: "ecomOrderPaymentRequest.paymentRequestId",
            });
          if (!ctx.db.prepare("SELECT 1 FROM payment_requests WHERE id = ?").get(paymentRequestId))
            throw notFound("ORDER_PAYMENT_REQUEST_NOT_FOUND", `Demande de paiement introuvable : ${paymentRequestId}`, {
              paymentRequestId,
            });
          const data = { paymentRequestId, callbacks: withDefaults(callbacks, appOrigin) };
          return { redirectSession: store(ctx, "paymentRequest", data, caller, appOrigin, "demande-paiement") };
        }
        if (asObject(body.login)) {
          const data = { callbacks: { postFlowUrl: callbacks.postFlowUrl ?? `${appOrigin}/` } };
          return { redirectSession: store(ctx, "login", data, caller, appOrigin, "login") };
        }
        throw appError(400, "UNSUPPORTED_REDIRECT_INTENT", "Ce type de redirection n'est pas pris en charge par la plateforme intégrée", {
          supported: ["auth", "logout", "ecomCheckout", "ecomOrderPaymentRequest", "login"],
        });
      })
      .immediate();
  };
  router
    .on("POST", "/_api/redirects-api/v1/redirect-session", handler)
    .on("POST", "/redirects-api/v1/redirect-session", handler)
    .on("POST", "/v1/redirect-session", handler)
    .on("POST", "/headless/v1/redirect-session", handler);
}
