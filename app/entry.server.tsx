import { PassThrough } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/hooks/nonce";
import { SiteCssProvider } from "~/components/SiteStyles";
import siteCss from "~/styles/site.css?inline";
import cartCss from "~/styles/cart.css?inline";
import catalogCss from "~/styles/catalog.css?inline";
import cvCss from "~/styles/cv.css?inline";
import { RouteCssProvider } from "~/components/RouteStyles";
import { lowPriorityModulePreloads } from "~/.server/http/preload-priority.server";
import { requestInfoContext } from "~/.server/http/request-info.server";

// React Router's default Node entry, plus the per-request CSP nonce on every inline script, the stylesheets inlined
// in the head (SiteStyles, RouteStyles) and the module preloads at low priority (lowPriorityModulePreloads).
const routeCss = { cart: cartCss, catalog: catalogCss, cv: cvCss };
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);
  // Chromium then sends the system's colour scheme with each request: the theme without scripts (root loader).
  responseHeaders.set("Accept-CH", "Sec-CH-Prefers-Color-Scheme");
  responseHeaders.append("Vary", "Sec-CH-Prefers-Color-Scheme");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <SiteCssProvider value={siteCss}>
          <RouteCssProvider value={routeCss}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </RouteCssProvider>
        </SiteCssProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(lowPriorityModulePreloads()).pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
