// Fixed ports (overridable) so playwright.config.ts can give the proxy projects their baseURL.
export const PROXY_PORT = Number(process.env.PROXY_PORT ?? 4443);
export const PROXY_UPSTREAM_PORT = Number(process.env.PROXY_UPSTREAM_PORT ?? 4174);
export const PROXY_ORIGIN = `https://localhost:${PROXY_PORT}`;
