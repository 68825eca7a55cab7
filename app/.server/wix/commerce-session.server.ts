import { TokenRole, type Tokens } from "@wix/sdk";
import { data } from "react-router";
import { readSession, sessionSetCookie, type KnownCartCount } from "../account/session.server";
import {
  clientId,
  fetchWithTimeout,
  isRunning,
  makeClient,
  sessionAuth,
  sessionFetch,
  sharedClient,
  type AuthStrategy,
  type RunningSession,
  type WixClient,
} from "./client.server";
import { THROTTLED_STATUS, throttledScreen } from "./throttle.server";

export { clientId, CommerceTimeoutError, fetchWithTimeout, runInSession, type WixClient } from "./client.server";

/**
 * The request's commerce session: owns the Wix SDK client and the tokens of
 * the `__session` cookie. Routes never build clients or touch that cookie; they
 * reach it through the handlers of `commerceOf(context)` (wix/commerce.server.ts).
 *
 * Token rules (where the SDK's own fallback would hurt users): a missing token
 * gets anonymous visitor tokens; an access token near expiry is renewed from the
 * refresh token, once per request however many loaders ask. A refresh token the
 * platform refuses (any 4xx but 408/429: Wix's exact answer for a dead token is
 * not documented) or that fails while the platform still issues visitor tokens
 * is dead: the member goes on as a visitor, told so (sessionExpired). Only when
 * the platform answers nothing at all does the request fail with a clear error,
 * tokens kept: an outage must not log anyone out, and a dead token must never
 * give a 503 on every page until the cookie expires (docs/decisions/0034).
 */

/** The SDK sends token calls here with the global fetch; so do we (the embedded platform answers it in-process). */
const TOKEN_URL = "https://www.wixapis.com/oauth2/token";
/** Renew a little before expiry so a token never dies between our check and the platform's. */
const EXPIRY_MARGIN_SECONDS = 60;
/**
 * The cart count the session keeps is trusted this long: a member's cart changed on another device shows here within
 * that time at the latest (one cart read then); every cart action and the cart page refresh it before.
 */
const CART_COUNT_MAX_AGE_SECONDS = 30 * 60;

export const SESSION_ENDED_MESSAGE =
  "Votre session a pris fin (déconnexion ailleurs ou mot de passe changé) : reconnectez-vous pour retrouver votre compte.";
export const UNAVAILABLE_MESSAGE = "Le service de la boutique est momentanément indisponible. Réessayez dans un instant.";

/** A 503 the error screen shows as is (message and request id), tokens left untouched. */
function unavailable(requestId?: string): never {
  throw data({ message: UNAVAILABLE_MESSAGE, requestId }, { status: 503 });
}

function nowSeconds() {
  return Math.floor(Date.now() / 1000);
}

type TokenGrant =
  | { grantType: "anonymous" }
  | { grantType: "refresh_token"; refreshToken: string }
  | { grantType: "authorization_code"; code: string; codeVerifier: string; redirectUri: string };

type GrantResult =
  | { ok: true; accessToken: string; expiresIn: number; refreshToken?: string }
  | { ok: false; refused: boolean; throttled?: boolean; requestId?: string };

/** No tokens to be had: the site is throttled (its API budget spent), or the platform is unreachable. */
function noTokens(result: GrantResult, requestId?: string): never {
  if (!result.ok && result.throttled) throw throttledScreen(requestId ?? result.requestId);
  unavailable(requestId ?? (result.ok ? undefined : result.requestId));
}

/** One call to the OAuth token endpoint, telling "this refresh token is dead" apart from "the platform is down". */
async function requestToken(grant: TokenGrant): Promise<GrantResult> {
  let response: Response;
  try {
    response = await fetchWithTimeout(TOKEN_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ clientId: clientId(), ...grant }),
    });
  } catch {
    return { ok: false, refused: false };
  }
  const requestId = response.headers.get("x-wix-request-id") ?? undefined;
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status === 200 && body && typeof body.access_token === "string") {
    return {
      ok: true,
      accessToken: body.access_token,
      expiresIn: Number(body.expires_in) || 0,
      refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : undefined,
    };
  }
  // A refusal of the grant itself (invalid_grant per RFC 6749, or any other 4xx), not "try again later".
  const refused = response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== THROTTLED_STATUS;
  return { ok: false, refused, throttled: response.status === THROTTLED_STATUS, requestId };
}

export class CommerceSession implements RunningSession {
  private tokens: Tokens | null;
  private changed = false;
  private pending: Promise<Tokens> | null = null;
  private wix: WixClient | null = null;
  /** Set when the member's refresh token was refused and they became a visitor again. */
  sessionExpired = false;

  private cartCount: KnownCartCount | null;

  constructor(
    readonly request: Request,
    tokens: Tokens | null,
    cartCount: KnownCartCount | null = null,
  ) {
    this.tokens = tokens;
    this.cartCount = tokens ? cartCount : null;
  }

  static async fromRequest<T extends CommerceSession>(
    this: new (request: Request, tokens: Tokens | null, cartCount?: KnownCartCount | null) => T,
    request: Request,
  ): Promise<T> {
    const { tokens, cartCount } = await readSession(request);
    return new this(request, tokens, cartCount);
  }

  /**
   * The cart's item count as this site last saw it, without a call (decision 0066): 0 without tokens (no cart can
   * exist), null when unknown (never seen with these tokens, a checkout went out since, or seen too long ago).
   */
  get knownCartCount(): number | null {
    if (!this.tokens) return 0;
    const known = this.cartCount;
    return known && nowSeconds() - known.seenAt < CART_COUNT_MAX_AGE_SECONDS ? known.count : null;
  }

  /** What a cart read or change just saw (null: the cart may have changed in ways not seen here, e.g. a payment). */
  rememberCartCount(count: number | null) {
    if (!this.tokens) return;
    const known = this.cartCount;
    if (count === null ? known === null : known?.count === count && nowSeconds() - known.seenAt < CART_COUNT_MAX_AGE_SECONDS / 2) return;
    this.cartCount = count === null ? null : { count, seenAt: nowSeconds() };
    this.changed = true;
  }

  /** From the cookie, without any call: "none" when the browser has no tokens yet. */
  get role(): "none" | "visitor" | "member" {
    if (!this.tokens) return "none";
    return this.tokens.refreshToken.role === TokenRole.MEMBER ? "member" : "visitor";
  }

  get isMember() {
    return this.role === "member";
  }

  /** The request's SDK client with valid tokens (obtained or renewed once per request). */
  async client(): Promise<WixClient> {
    const tokens = await this.ensureTokens();
    if (isRunning(this)) {
      this.sharedAuth.setTokens(tokens);
      return sharedClient();
    }
    this.wix ??= makeClient((input, init) => this.fetchRecovering(input, init));
    this.wix.auth.setTokens(tokens);
    return this.wix;
  }

  /** This session's tokens and fetch for the shared client (wix/client.server.ts), while its request runs. */
  readonly sharedAuth: AuthStrategy = sessionAuth(() => this.tokens);
  readonly sharedFetch = sessionFetch((input, init) => this.fetchRecovering(input, init));

  private recovering: Promise<Tokens> | null = null;

  /**
   * A 401 to a member means the platform ended the session (logout elsewhere, password reset, blocked account)
   * while the access token had hours to live: renew from the refresh token if it still works, else go on as a
   * new visitor (sessionExpired: the page says so), and replay the call once with the new token.
   */
  private async fetchRecovering(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const response = await fetchWithTimeout(input, init);
    if (response.status !== 401 || this.role !== "member") return response;
    this.recovering ??= this.recoverMember().finally(() => (this.recovering = null));
    const tokens = await this.recovering;
    this.wix?.auth.setTokens(tokens);
    this.sharedAuth.setTokens(tokens);
    const headers = new Headers(init?.headers);
    headers.set("Authorization", tokens.accessToken.value);
    return fetchWithTimeout(input, { ...init, headers });
  }

  private async recoverMember(): Promise<Tokens> {
    const current = this.tokens;
    // Force a renewal: the access token was refused, whatever its expiry says.
    if (current) this.tokens = { ...current, accessToken: { ...current.accessToken, expiresAt: 0 } };
    return this.obtainTokens(this.tokens);
  }

  /** A client without tokens, for the OAuth helpers that need none (PKCE data). */
  bareClient(): WixClient {
    return makeClient();
  }

  ensureTokens(): Promise<Tokens> {
    const current = this.tokens;
    if (current && current.accessToken.expiresAt - EXPIRY_MARGIN_SECONDS > nowSeconds()) return Promise.resolve(current);
    this.pending ??= this.obtainTokens(current).finally(() => (this.pending = null));
    return this.pending;
  }

  private async obtainTokens(current: Tokens | null): Promise<Tokens> {
    let failedRenewal: { requestId?: string } | undefined;
    if (current?.refreshToken.value) {
      const renewed = await requestToken({ grantType: "refresh_token", refreshToken: current.refreshToken.value });
      if (renewed.ok) {
        return this.store({
          accessToken: { value: renewed.accessToken, expiresAt: nowSeconds() + renewed.expiresIn },
          refreshToken: current.refreshToken,
        });
      }
      // Not a clear refusal: the visitor grant below tells an outage (it fails too) from a dead token (it works).
      if (!renewed.refused) failedRenewal = { requestId: renewed.requestId };
    }
    const visitor = await requestToken({ grantType: "anonymous" });
    if (!visitor.ok || !visitor.refreshToken) noTokens(visitor, failedRenewal?.requestId);
    if (current?.refreshToken.role === TokenRole.MEMBER) this.sessionExpired = true;
    return this.store({
      accessToken: { value: visitor.accessToken, expiresAt: nowSeconds() + visitor.expiresIn },
      refreshToken: { value: visitor.refreshToken, role: TokenRole.VISITOR },
    });
  }

  private store(tokens: Tokens): Tokens {
    // Another identity (a new visitor, a login: the platform merges the carts) may have another cart: count unknown.
    if (tokens.refreshToken.value !== this.tokens?.refreshToken.value) this.cartCount = null;
    this.tokens = tokens;
    this.changed = true;
    return tokens;
  }

  /**
   * OAuth callback: trades the authorization code for member tokens, which
   * replace the visitor's. "refused" when the code is invalid, expired or
   * replayed (the user must log in again); a platform failure is a 503.
   */
  async exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<"ok" | "refused"> {
    const result = await requestToken({ grantType: "authorization_code", ...input });
    if (!result.ok) {
      if (result.refused) return "refused";
      noTokens(result);
    }
    if (!result.refreshToken) unavailable();
    this.store({
      accessToken: { value: result.accessToken, expiresAt: nowSeconds() + result.expiresIn },
      refreshToken: { value: result.refreshToken, role: TokenRole.MEMBER },
    });
    return "ok";
  }

  /** Logout: forget every token (the next request starts as a new visitor). */
  clearTokens() {
    this.tokens = null;
    this.cartCount = null;
    this.changed = true;
  }

  /** The Set-Cookie value to send, only when the tokens changed during this request. */
  async pendingCookie(): Promise<string | null> {
    return this.changed ? sessionSetCookie(this.request, this.tokens, this.cartCount) : null;
  }
}

/**
 * The process's own anonymous client for public catalog reads: browsing the
 * catalog needs no visitor token of the browser's (so no session cookie until
 * the cart is used), and its answers can be cached for everyone.
 */
let catalogReader: CommerceSession | undefined;
export function catalogClient(): Promise<WixClient> {
  catalogReader ??= new CommerceSession(new Request("http://catalog.internal/"), null);
  return catalogReader.client();
}
