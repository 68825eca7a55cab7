// OAuth token endpoint (anonymous, refresh_token, authorization_code + PKCE S256), opaque random tokens.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Ctx } from "../core/context";
import { EMBEDDED_INSTANCE_ID, newId, ownerKey, randomToken } from "../core/context";
import { nowIso, nowSeconds } from "../core/db";
import type { Router } from "../core/http";
import { asString, json, WixError } from "../core/http";

export const AUTH_CODE_TTL_SECONDS = 600;

function oauthError(status: number, error: string, description: string): WixError {
  // Both the OAuth2 fields and the Wix error envelope, so any client can read it.
  return new WixError(status, {
    error,
    error_description: description,
    message: description,
    details: { applicationError: { code: error, description, data: {} } },
  });
}

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: "Bearer";
  scope: string;
}

function issueAccess(ctx: Ctx, refresh: string, visitorId: string | null, memberId: string | null): { token: string; expiresIn: number } {
  const token = randomToken();
  const expiresIn = ctx.opts.accessTokenTtlSeconds;
  ctx.db
    .prepare("INSERT INTO access_tokens (token, refresh_token, visitor_id, member_id, expires_at) VALUES (?, ?, ?, ?, ?)")
    .run(token, refresh, visitorId, memberId, nowSeconds() + expiresIn);
  return { token, expiresIn };
}

export function issueTokens(ctx: Ctx, visitorId: string | null, memberId: string | null): IssuedTokens {
  const refresh = randomToken();
  ctx.db
    .prepare("INSERT INTO refresh_tokens (token, client_id, visitor_id, member_id, created_at) VALUES (?, ?, ?, ?, ?)")
    .run(refresh, ctx.opts.clientId, visitorId, memberId, nowSeconds());
  const a = issueAccess(ctx, refresh, visitorId, memberId);
  return { access_token: a.token, refresh_token: refresh, expires_in: a.expiresIn, token_type: "Bearer", scope: "offline_access" };
}

export function newVisitor(ctx: Ctx): string {
  const id = newId();
  ctx.db.prepare("INSERT INTO visitors (id, created_date) VALUES (?, ?)").run(id, nowIso());
  return id;
}

export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/** Revokes a refresh token and every access token minted from it. */
export function revokeRefreshToken(ctx: Ctx, token: string): boolean {
  const r = ctx.db.prepare("UPDATE refresh_tokens SET revoked = 1 WHERE token = ?").run(token);
  ctx.db.prepare("DELETE FROM access_tokens WHERE refresh_token = ?").run(token);
  return r.changes > 0;
}

function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

function tokenGrant(ctx: Ctx, body: Record<string, unknown>): IssuedTokens {
  const pick = (camel: string, snake: string) => asString(body[camel]) ?? asString(body[snake]);
  const grant = pick("grantType", "grant_type");
  const clientId = pick("clientId", "client_id");
  if (!grant) throw oauthError(400, "invalid_request", "grantType is required");
  if (clientId !== ctx.opts.clientId) throw oauthError(400, "invalid_client", "Unknown clientId");

  if (grant === "anonymous") {
    // Opportunistic cleanup keeps the token table small on long-running demos.
    ctx.db.prepare("DELETE FROM access_tokens WHERE expires_at < ?").run(nowSeconds() - 86400);
    return issueTokens(ctx, newVisitor(ctx), null);
  }

  if (grant === "refresh_token") {
    const rt = pick("refreshToken", "refresh_token");
    if (!rt) throw oauthError(400, "invalid_request", "refreshToken is required");
    const row = ctx.db.prepare("SELECT * FROM refresh_tokens WHERE token = ?").get(rt) as
      | { token: string; client_id: string; visitor_id: string | null; member_id: string | null; revoked: number; created_at: number }
      | undefined;
    if (!row || row.revoked || row.client_id !== clientId) throw oauthError(400, "invalid_grant", "Unknown or revoked refresh token");
    if (row.created_at + ctx.opts.refreshTokenTtlSeconds < nowSeconds()) throw oauthError(400, "invalid_grant", "Expired refresh token");
    if (row.member_id) {
      const m = ctx.db.prepare("SELECT status FROM members WHERE id = ?").get(row.member_id) as { status: string } | undefined;
      if (!m || m.status === "BLOCKED") throw oauthError(400, "invalid_grant", "Unknown or revoked refresh token");
    }
    const a = issueAccess(ctx, row.token, row.visitor_id, row.member_id);
    return { access_token: a.token, refresh_token: row.token, expires_in: a.expiresIn, token_type: "Bearer", scope: "offline_access" };
  }

  if (grant === "authorization_code") {
    const code = pick("code", "code");
    const verifier = pick("codeVerifier", "code_verifier");
    const redirectUri = pick("redirectUri", "redirect_uri");
    if (!code) throw oauthError(400, "invalid_request", "code is required");
    if (!verifier) throw oauthError(400, "invalid_request", "codeVerifier is required");
    if (verifier.length < 43 || verifier.length > 128)
      throw oauthError(400, "invalid_request", `Expected a length between 43 and 128. Received ${verifier.length}.`);
    if (!/^[A-Za-z0-9\-._~]+$/.test(verifier)) throw oauthError(400, "invalid_request", "codeVerifier contains invalid characters");
    const row = ctx.db.prepare("SELECT * FROM auth_codes WHERE code = ?").get(code) as
      | {
          code: string;
          client_id: string;
          redirect_uri: string;
          code_challenge: string;
          member_id: string;
          visitor_id: string | null;
          expires_at: number;
          used: number;
        }
      | undefined;
    if (!row || row.used || row.expires_at < nowSeconds() || row.client_id !== clientId)
      throw oauthError(400, "invalid_grant", "Invalid, expired or already used authorization code");
    // Single use, even when the rest of the exchange fails.
    ctx.db.prepare("UPDATE auth_codes SET used = 1 WHERE code = ?").run(code);
    // No redirectUri on either side (web_message) matches; otherwise they must be equal.
    if ((redirectUri ?? "") !== row.redirect_uri)
      throw oauthError(400, "invalid_grant", "redirectUri does not match the authorization request");
    if (!safeEqual(pkceChallenge(verifier), row.code_challenge)) throw oauthError(400, "invalid_grant", "PKCE verification failed");
    const m = ctx.db.prepare("SELECT status FROM members WHERE id = ?").get(row.member_id) as { status: string } | undefined;
    if (!m || m.status !== "APPROVED") throw oauthError(400, "invalid_grant", "Member is not allowed to log in");
    if (row.visitor_id) ctx.onMemberLogin(ctx, ownerKey(null, row.visitor_id), ownerKey(row.member_id, null));
    ctx.db.prepare("UPDATE members SET last_login_date = ? WHERE id = ?").run(nowIso(), row.member_id);
    return issueTokens(ctx, null, row.member_id);
  }

  throw oauthError(400, "unsupported_grant_type", `Unsupported grantType: ${grant}`);
}

export function registerOAuth(router: Router, ctx: Ctx): void {
  router
    .on("POST", "/oauth2/token", (req) => {
      const body = req.body;
      const tokens = ctx.db.transaction(() => tokenGrant(ctx, body)).immediate();
      return json(tokens);
    })
    .on("POST", "/oauth2/revoke", (req) => {
      const body = req.body;
      const token = asString(body.token) ?? asString(body.refreshToken);
      if (token) ctx.db.transaction(() => revokeRefreshToken(ctx, token)).immediate();
      return {};
    })
    // The SDK's getTokenInfo() POSTs `{token}` (node_modules/@wix/sdk/build/get-token-info.js); GET with the token as
    // Authorization is kept for older callers.
    .on("POST", "/oauth2/token-info", (req) => tokenInfo(asString(req.body.token) ?? ""))
    .on("GET", "/oauth2/token-info", (req) => tokenInfo(req.headers.get("authorization") ?? ""));

  function tokenInfo(token: string) {
    {
      const row = ctx.db.prepare("SELECT * FROM access_tokens WHERE token = ?").get(token) as
        { visitor_id: string | null; member_id: string | null; expires_at: number } | undefined;
      if (!row || row.expires_at < nowSeconds()) throw oauthError(401, "invalid_token", "Unknown or expired token");
      return {
        active: true,
        subjectType: row.member_id ? "MEMBER" : "VISITOR",
        subjectId: row.member_id ?? row.visitor_id,
        // Epoch seconds, as the SDK's getTokenInfo declares them (numbers).
        exp: row.expires_at,
        iat: row.expires_at - ctx.opts.accessTokenTtlSeconds,
        clientId: ctx.opts.clientId,
        siteId: "embedded-site",
        instanceId: EMBEDDED_INSTANCE_ID,
      };
    }
  }
}
