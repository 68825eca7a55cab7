// How the SDK's requests reach the embedded platform in the same process: the hosts the Wix SDK calls, and the
// global fetch interceptor that answers them from the platform instead of the network.
import { CLIENT_HEADER } from "./http";

export const WIX_API_HOSTS = new Set(["www.wixapis.com", "edge.wixapis.com"]);

/** The URL a fetch call targets when it is a Wix API call (the SDK's requests), else undefined. */
export function wixApiUrl(input: RequestInfo | URL): URL | undefined {
  let url: URL;
  try {
    url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  } catch {
    return undefined;
  }
  return WIX_API_HOSTS.has(url.hostname) ? url : undefined;
}

/** The app's origin a call was made for (in-process only; requests under /_platform/api cannot choose it). */
export const APP_ORIGIN_HEADER = "x-platform-app-origin";

/** An http(s) origin from a URL or origin string, else undefined. */
export function normalizeOrigin(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** What the interceptor needs of a platform: its fetch (the `Platform` of platform/options.ts). */
export interface FetchAnswerer {
  fetch(request: Request): Promise<Response>;
}

/**
 * Patches globalThis.fetch (process-wide, because the SDK's token calls use the global fetch):
 * requests to www.wixapis.com / edge.wixapis.com go to platform.fetch, everything else to the
 * original fetch. Returns a function that restores the original fetch.
 */
export function installPlatformFetch(
  platform: FetchAnswerer,
  opts: { getAppOrigin?: () => string | undefined; getClient?: () => string | undefined } = {},
): () => void {
  const original = globalThis.fetch;
  const patched: typeof fetch = async (input, init) => {
    if (!wixApiUrl(input)) return original(input, init);
    const request = new Request(input, init);
    const appOrigin = opts.getAppOrigin?.();
    const client = opts.getClient?.();
    if (!appOrigin && !client) return platform.fetch(request);
    const headers = new Headers(request.headers);
    if (appOrigin) headers.set(APP_ORIGIN_HEADER, appOrigin);
    if (client) headers.set(CLIENT_HEADER, client);
    return platform.fetch(new Request(request, { headers }));
  };
  globalThis.fetch = patched;
  return () => {
    if (globalThis.fetch === patched) globalThis.fetch = original;
  };
}
