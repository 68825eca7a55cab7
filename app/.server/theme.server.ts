import { createCookie } from "react-router";
import { z } from "zod";
import { THEMES, type Theme } from "~/lib/theme";
import { isSecureRequest } from "./cookies.server";

// A display preference, not a secret: unsigned, but still validated on read.
export const themeSchema = z.enum(THEMES);

const themeCookie = createCookie("theme", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 365 * 24 * 60 * 60 });

export async function readTheme(request: Request): Promise<Theme> {
  const parsed = themeSchema.safeParse(await themeCookie.parse(request.headers.get("Cookie")).catch(() => null));
  return parsed.success ? parsed.data : "light";
}

export function themeSetCookie(request: Request, theme: Theme) {
  // Plain, not sealed: the platform's hosted pages read this cookie to match the site's theme.
  return themeCookie.serialize(theme, { secure: isSecureRequest(request) });
}
