import { createCookie } from "react-router";
import { z } from "zod";
import { THEMES, type Theme, type ThemeAttribute } from "~/lib/theme";
import { CLIENT_HINT_COOKIE } from "~/lib/client-hints";
import { isSecureRequest } from "../account/cookies.server";

// A display preference, not a secret: unsigned, but still validated on read.
export const themeSchema = z.enum(THEMES);

const themeCookie = createCookie("theme", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 365 * 24 * 60 * 60 });

interface ThemeChoice {
  /** "auto" when neither a choice nor the system's preference is known: the CSS follows the browser's. */
  theme: ThemeAttribute;
  /** The visitor chose it with the header button; otherwise it follows the system's preference. */
  chosen: boolean;
}

/** `CH-prefers-color-scheme` (set by the client-hint script) or the `Sec-CH-Prefers-Color-Scheme` header. */
function systemPreference(request: Request): Theme | null {
  const cookies = request.headers.get("Cookie") ?? "";
  for (const part of cookies.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === CLIENT_HINT_COOKIE && (value === "dark" || value === "light")) return value;
  }
  // Chromium sends it once it has seen our Accept-CH: the preference without scripts.
  const header = request.headers.get("Sec-CH-Prefers-Color-Scheme")?.replace(/"/g, "").trim();
  return header === "dark" || header === "light" ? header : null;
}

/** The explicit choice (theme cookie), else the system's preference, else "auto" (the CSS asks the browser). */
export async function readTheme(request: Request): Promise<ThemeChoice> {
  const parsed = themeSchema.safeParse(await themeCookie.parse(request.headers.get("Cookie")).catch(() => null));
  if (parsed.success) return { theme: parsed.data, chosen: true };
  return { theme: systemPreference(request) ?? "auto", chosen: false };
}

export function themeSetCookie(request: Request, theme: Theme) {
  // Plain, not sealed: the platform's hosted pages read this cookie to match the site's theme.
  return themeCookie.serialize(theme, { secure: isSecureRequest(request) });
}
