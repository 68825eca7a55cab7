import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response, Router } from "express";
import helmet from "helmet";
import type { Config } from "../app/.server/site/config.server";

/**
 * Security headers for every response: a CSP whose scripts need this
 * response's nonce, no framing, no MIME sniffing, a strict referrer policy,
 * and HSTS when the browser came over https.
 */
export function applySecurityHeaders(router: Router, config: Config) {
  router.use((_req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  // Real Wix's hosted login and checkout pages receive our form redirects.
  const wixOrigins = config.commerce.platform === "wix" ? ["https://*.wix.com", "https://*.wixapis.com", "https://*.wixsite.com"] : [];
  router.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
          // sonner injects its stylesheet and motion animates style attributes at run time.
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "https://static.wixstatic.com"],
          "connect-src": ["'self'"],
          "font-src": ["'self'"],
          "form-action": ["'self'", ...wixOrigins],
          "frame-ancestors": ["'none'"],
          "base-uri": ["'self'"],
          "object-src": ["'none'"],
        },
      },
      strictTransportSecurity: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: "deny" },
    }),
  );
  const https = config.publicOrigin.startsWith("https:");
  router.use((_req: Request, res: Response, next: NextFunction) => {
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });
}
