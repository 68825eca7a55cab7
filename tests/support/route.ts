// An app route module run in this process the way React Router runs it: the root's commerce middleware first, then
// the loader or action with the request's context, its cookies kept by the test kit's browser (browser.ts).
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";
import { commerceMiddleware } from "~/.server/wix/commerce.server";
import type { CookieBrowser } from "./browser";

/** What React Router hands a loader, an action or a middleware. */
export type RouteArgs = LoaderFunctionArgs<RouterContextProvider>;

/**
 * Runs `handler` (a route's loader or action) inside the commerce middleware for `request`, as the server would, and
 * keeps the cookies the answer sets in `browser`. Returns what the handler returned, or the Response it threw (a
 * redirect, an error page).
 */
export async function runRoute<T>(
  browser: CookieBrowser,
  request: Request,
  pattern: string,
  handler: (args: RouteArgs) => Promise<T>,
): Promise<T | Response> {
  const args: RouteArgs = { request, url: new URL(request.url), pattern, params: {}, context: new RouterContextProvider() };
  let result: T | Response | undefined;
  await browser.send(request, async () => {
    const answer = await commerceMiddleware(args, async () => {
      try {
        result = await handler(args);
      } catch (thrown) {
        if (thrown instanceof Response) result = thrown;
        else throw thrown;
      }
      return result instanceof Response ? result : new Response(null);
    });
    return answer ?? new Response(null);
  });
  return result!;
}
