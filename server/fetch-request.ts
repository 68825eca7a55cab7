import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * The Fetch Request that React Router and the embedded platform see, built from
 * the express request with two rules of our own:
 * - its URL is the configured public origin + the path: the Host and
 *   X-Forwarded-Host headers never become part of a link, a redirect or a cache key;
 * - its body is the one `bodyLimits` already read and capped (res.locals.body),
 *   never the raw socket stream.
 */
export function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  publicOrigin: string,
  headerOverrides: Record<string, string> = {},
  { abortWhenClientLeaves = true } = {},
): Request {
  const controller = new AbortController();
  // A keyed form submission (server/idempotency.ts) runs to its end even when the browser left (a double click
  // cancels the first request): its answer is what the second request gets.
  if (abortWhenClientLeaves)
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    } catch {
      // A header value Fetch refuses is dropped, as a browser would never send it.
    }
  }
  for (const [name, value] of Object.entries(headerOverrides)) headers.set(name, value);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const body = res.locals.body as Buffer | undefined;
  // String concatenation, not new URL(path, origin): a path such as "//evil.example/" must stay a path.
  return new Request(`${publicOrigin}${req.originalUrl.startsWith("/") ? req.originalUrl : `/${req.originalUrl}`}`, {
    method: req.method,
    headers,
    body: hasBody && body ? (body as unknown as BodyInit) : null,
    signal: controller.signal,
  });
}
