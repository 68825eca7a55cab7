import { TokenRole, type Tokens } from "@wix/sdk";
import { z } from "zod";
import { appCookies, clearCookie, readCookie, serializeCookie } from "./cookies.server";

/**
 * The `__session` cookie: the visitor's or member's Wix tokens, signed and
 * httpOnly, so they never reach client JavaScript or the HTML. Short keys keep
 * it far below the 4 KB cookie limit whatever the token length. Beside the tokens, the cart's item count as this
 * site last saw it (`c`: count and when, in seconds): the header shows it without a call to Wix (decision 0066).
 */
const stored = z.object({
  a: z.object({ v: z.string().min(1).max(1500), e: z.number().int() }),
  r: z.object({ v: z.string().min(1).max(1500), m: z.boolean() }),
  c: z.object({ n: z.number().int().min(0).max(1_000_000), t: z.number().int() }).optional(),
});

/** The cart's item count the session holds, and when it was seen (epoch seconds). */
export interface KnownCartCount {
  count: number;
  seenAt: number;
}

export interface StoredSession {
  tokens: Tokens | null;
  cartCount: KnownCartCount | null;
}

/** A tampered, truncated, oversized or foreign-secret cookie reads as "no tokens": a new visitor. */
export async function readSession(request: Request): Promise<StoredSession> {
  const parsed = stored.safeParse(await readCookie(appCookies().session, request, { remember: true }));
  if (!parsed.success) return { tokens: null, cartCount: null };
  const { a, r, c } = parsed.data;
  return {
    tokens: {
      accessToken: { value: a.v, expiresAt: a.e },
      refreshToken: { value: r.v, role: r.m ? TokenRole.MEMBER : TokenRole.VISITOR },
    },
    cartCount: c ? { count: c.n, seenAt: c.t } : null,
  };
}

export async function readSessionTokens(request: Request): Promise<Tokens | null> {
  return (await readSession(request)).tokens;
}

export async function sessionSetCookie(request: Request, tokens: Tokens | null, cartCount: KnownCartCount | null = null): Promise<string> {
  if (!tokens) return clearCookie(appCookies().session, request);
  return serializeCookie(
    appCookies().session,
    {
      a: { v: tokens.accessToken.value, e: tokens.accessToken.expiresAt },
      r: { v: tokens.refreshToken.value, m: tokens.refreshToken.role === TokenRole.MEMBER },
      ...(cartCount ? { c: { n: cartCount.count, t: cartCount.seenAt } } : {}),
    },
    request,
  );
}
