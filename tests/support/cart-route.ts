// The cart route run in this process (route.ts) by the test kit's browser, and the notification an answer carries:
// what the unit tests of the cart's action and loader read.
import { unsealValue } from "~/.server/account/cookie-crypto.server";
import { getConfig } from "~/.server/site/config.server";
import { action, loader } from "~/routes/cart";
import { CookieBrowser } from "./browser";
import { APP_ORIGIN } from "./platform";
import { runRoute } from "./route";

/** The test kit's browser on `/cart`: its posts run the route's action, its reads the loader. */
export class CartBrowser extends CookieBrowser {
  post(fields: Record<string, string>) {
    return runRoute(this, this.request(`${APP_ORIGIN}/cart`, { form: fields }), "/cart", action);
  }

  async cart() {
    const result = await runRoute(this, this.request(`${APP_ORIGIN}/cart`), "/cart", loader);
    return result as Exclude<Awaited<ReturnType<typeof loader>>, Response>;
  }
}

/** The flash notification an answer carries for the next page (sealed, then signed: base64 JSON before the signature). */
export function flash(result: unknown): { type: string; title: string } | null {
  if (!(result instanceof Response)) return null;
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("__toast=") && !c.startsWith("__toast=;"));
  if (!cookie) return null;
  const raw = decodeURIComponent(cookie.slice("__toast=".length).split(";")[0]!);
  const sealed = JSON.parse(Buffer.from(raw.slice(0, raw.lastIndexOf(".")), "base64").toString("utf8"));
  return unsealValue(sealed, getConfig().sessionSecrets) as { type: string; title: string } | null;
}
