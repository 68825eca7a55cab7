import { TokenRole, type Tokens } from "@wix/sdk";
import { z } from "zod";
import { appCookies, clearCookie, readCookie, serializeCookie } from "./cookies.server";

/**
 * The `__session` cookie: the visitor's or member's Wix tokens, signed and
 * httpOnly, so they never reach client JavaScript or the HTML. Short keys keep
 * it far below the 4 KB cookie limit whatever the token length.
 */
const stored = z.object({
  a: z.object({ v: z.string().min(1).max(1500), e: z.number().int() }),
  r: z.object({ v: z.string().min(1).max(1500), m: z.boolean() }),
});

/** A tampered, truncated, oversized or foreign-secret cookie reads as "no tokens": a new visitor. */
export async function readSessionTokens(request: Request): Promise<Tokens | null> {
  const parsed = stored.safeParse(await readCookie(appCookies().session, request, { remember: true }));
  if (!parsed.success) return null;
  const { a, r } = parsed.data;
  return {
    accessToken: { value: a.v, expiresAt: a.e },
    refreshToken: { value: r.v, role: r.m ? TokenRole.MEMBER : TokenRole.VISITOR },
  };
}

export async function sessionSetCookie(request: Request, tokens: Tokens | null): Promise<string> {
  if (!tokens) return clearCookie(appCookies().session, request);
  return serializeCookie(
    appCookies().session,
    {
      a: { v: tokens.accessToken.value, e: tokens.accessToken.expiresAt },
      r: { v: tokens.refreshToken.value, m: tokens.refreshToken.role === TokenRole.MEMBER },
    },
    request,
  );
}
