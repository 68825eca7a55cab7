// The hosted pages under /_platform/ (login, sign-up, payment, owner tools); the media are media/media.ts's.
import type { Ctx } from "../core/context";
import { html } from "../core/http";
import { apiLogGet, outboxGet, ownerMembersGet, ownerMembersPost, resetGet, resetPost } from "./account";
import { loginSessionPage, logoutGet } from "./auth";
import { errorPage, PLATFORM_CSS } from "../core/layout";
import { orderConfirmGet, orderConfirmPost } from "./order-confirm";
import { orderFollowGet } from "./order-follow";
import { paymentGet, paymentPost } from "./payment";
import { paymentRequestGet, paymentRequestPost } from "./payment-request";
import { downloadGet } from "../ecom/orders/downloads";
import { WEB_MESSAGE_JS } from "./web-message";

type Page = (ctx: Ctx, request: Request, url: URL) => Response | Promise<Response>;

/** The pages besides the login session's (pages/auth.ts), by "METHOD path". */
function pageTable(publicPem: string): Map<string, Page> {
  return new Map<string, Page>([
    ["GET reset-password", (ctx, _, url) => resetGet(ctx, url)],
    ["POST reset-password", (ctx, request) => resetPost(ctx, request)],
    ["GET outbox", (ctx, _, url) => outboxGet(ctx, url)],
    ["GET api-log", (ctx, _, url) => apiLogGet(ctx, url)],
    ["GET owner/members", (ctx, _, url) => ownerMembersGet(ctx, url)],
    ["POST owner/members", (ctx, request) => ownerMembersPost(ctx, request)],
    [
      "GET webhooks/public-key",
      () => new Response(publicPem, { headers: { "content-type": "application/x-pem-file", "cache-control": "no-store" } }),
    ],
    ["GET logout", (ctx, _, url) => logoutGet(ctx, url)],
    ["GET checkout", (ctx, _, url) => paymentGet(ctx, url)],
    ["POST checkout", (ctx, request) => paymentPost(ctx, request)],
    ["GET demande-paiement", (ctx, _, url) => paymentRequestGet(ctx, url)],
    ["POST demande-paiement", (ctx, request) => paymentRequestPost(ctx, request)],
    ["GET commande", (ctx, _, url) => orderFollowGet(ctx, url)],
    ["GET commande/confirmer", (ctx, _, url) => orderConfirmGet(ctx, url)],
    ["POST commande/confirmer", (ctx, request) => orderConfirmPost(ctx, request)],
    ["GET telechargement", (ctx, _, url) => downloadGet(ctx, url)],
  ]);
}

/** The hosted pages' dispatcher: `sub` is the path after /_platform/. */
export function hostedPages(ctx: Ctx, publicPem: string) {
  const pages = pageTable(publicPem);
  async function handlePages(request: Request, url: URL, sub: string): Promise<Response> {
    const method = request.method.toUpperCase();
    if (sub === "assets/web-message.js" && (method === "GET" || method === "HEAD"))
      return new Response(method === "HEAD" ? null : WEB_MESSAGE_JS, {
        headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" },
      });
    if (sub === "assets/platform.css" && (method === "GET" || method === "HEAD"))
      return new Response(method === "HEAD" ? null : PLATFORM_CSS, {
        headers: { "content-type": "text/css; charset=utf-8", "cache-control": "public, max-age=3600" },
      });
    const route = `${method} ${sub.replace(/\/$/, "")}`;
    const loginPage = await loginSessionPage(ctx, request, url, route);
    if (loginPage) return loginPage;
    const page = pages.get(route);
    if (page) return page(ctx, request, url);
    return html(errorPage("Page introuvable", "Cette page n'existe pas."), 404);
  }

  return handlePages;
}
