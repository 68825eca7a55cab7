import { AppStrategy, createClient } from "@wix/sdk";
import { orderPaymentRequests, orders } from "@wix/ecom";
import { members } from "@wix/members";
import { products } from "@wix/stores";
import { clearCatalogCache } from "../catalog/cache.server";
import { sharedKeys } from "../http/shared-state.server";
import { settleQuotePayment } from "../quotes/payment-events.server";

/**
 * The one endpoint that receives Wix webhooks (POST /webhooks/wix, body = the JWT). Events are read through the
 * SDK's own typed handlers (orders.onOrderCreated, members.onMemberCreated, products.onProductChanged…), which
 * hand each handler the entity as the SDK types it; verification is the SDK's too (AppStrategy({ publicKey }):
 * RS256 signature and expiry, through `jose`). Two checks are ours:
 * - the token's shape, before the SDK: jose parses the JWT header (JSON) before it checks the signature, so an
 *   unsigned header of nested arrays would cost CPU for free; a real header is a few dozen bytes, so one over
 *   MAX_HEADER_CHARS is refused unread. The payload is only parsed after the signature holds.
 * - replays: the SDK does not refuse a replayed token, so an event id already handled (kept 10 minutes, longer than
 *   the tokens' 5-minute lifetime) is refused. The ids live in Redis when REDIS_URL is set, so every replica refuses
 *   what any other has handled; a replay store that cannot answer gives 503 (the sender retries later).
 * Any refusal answers 401 and is logged; a verified event nobody here handles is acknowledged (204).
 */

let publicKey: string | undefined;
let appId = "embedded-demo-client";
let client: ReturnType<typeof eventClient> | undefined;

/** Set at start: by the embedded platform (its own key pair), or from WIX_WEBHOOK_PUBLIC_KEY / WIX_APP_ID for Wix. */
export function configureWebhooks(options: { publicKey: string; appId?: string }) {
  publicKey = options.publicKey;
  if (options.appId) appId = options.appId;
  client = undefined;
}

/** What the owner reads in the server's log (French, like the rest of the site's owner-facing text). */
export const ownerNotice = (text: string) => console.info(`[webhooks] ${text}`);

/** The SDK client whose typed handlers this endpoint runs; one per key (the handlers are registered once). */
function eventClient(key: string) {
  const c = createClient({ auth: AppStrategy({ appId, publicKey: key }), modules: { orders, members, products, orderPaymentRequests } });
  c.orders.onOrderCreated(({ entity }) => {
    const total = entity.priceSummary?.total?.formattedAmount ?? "";
    const buyer = [entity.billingInfo?.contactDetails?.firstName, entity.billingInfo?.contactDetails?.lastName].filter(Boolean).join(" ");
    ownerNotice(
      `Nouvelle commande n° ${entity.number ?? "?"}${total ? ` : ${total}` : ""}${buyer ? `, de ${buyer}` : ""} (${entity.buyerInfo?.email ?? "e-mail inconnu"})`,
    );
  });
  c.orders.onOrderCanceled(({ data }) => {
    ownerNotice(`Commande n° ${data.order?.number ?? "?"} annulée${data.restockAllItems ? " (articles remis en stock)" : ""}`);
  });
  c.members.onMemberCreated(({ entity }) => {
    if (entity.status === "PENDING") ownerNotice(`Membre en attente d'approbation : ${entity.loginEmail ?? entity._id ?? "?"}`);
  });
  // A quote's deposit or balance paid, or its request lapsed: the quote's invoice or notice now, not at its next read.
  c.orderPaymentRequests.onOrderPaymentRequestPaid(({ data }) => settleQuotePayment(data.orderPaymentRequest ?? {}));
  c.orderPaymentRequests.onOrderPaymentRequestExpired(({ data }) => settleQuotePayment(data.orderPaymentRequest ?? {}));
  c.orderPaymentRequests.onOrderPaymentRequestVoided(({ data }) => settleQuotePayment(data.orderPaymentRequest ?? {}));
  // Catalog V1 events (not domain events): any change of products or collections empties the catalog cache.
  const catalogChanged = () => clearCatalogCache();
  c.products.onProductCreated(catalogChanged);
  c.products.onProductChanged(catalogChanged);
  c.products.onProductDeleted(catalogChanged);
  c.products.onProductVariantsChanged(catalogChanged);
  c.products.onProductCollectionCreated(catalogChanged);
  c.products.onProductCollectionChanged(catalogChanged);
  c.products.onProductCollectionDeleted(catalogChanged);
  return c;
}

/** Catalog V3 events (`wix.stores.v3.*`) have no typed handler here yet: they empty the cache all the same. */
const CATALOG_EVENTS = /^(com\.wix\.ecommerce\.catalog\.api\.v1\.|wix\.stores\.)/;

const SEEN_TTL_MS = 10 * 60 * 1000;
const seen = sharedKeys("webhook-seen");

/** Base64url of a JOSE header: `{"alg":"RS256","typ":"JWT","kid":"…"}` is under 200 characters. */
export const MAX_HEADER_CHARS = 1024;
/** The whole token: an order event with a hundred lines is a few hundred KB once encoded twice. */
export const MAX_TOKEN_CHARS = 1_000_000;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Why a body cannot be a webhook JWT, checked on its characters alone; null when it may be one. */
export function tokenShapeProblem(body: string): string | null {
  if (!body || body.length > MAX_TOKEN_CHARS) return "empty or oversized body";
  const parts = body.split(".");
  if (parts.length !== 3 || parts.some((p) => !BASE64URL.test(p))) return "not a compact JWT";
  if (parts[0]!.length > MAX_HEADER_CHARS) return `header over ${MAX_HEADER_CHARS} characters`;
  return null;
}

/** The token's claims, read after the SDK verified the signature (the payload is only parsed then). */
function claimsOf(jwt: string): { jti?: unknown; aud?: unknown } {
  try {
    return JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as { jti?: unknown; aud?: unknown };
  } catch {
    return {};
  }
}

/**
 * Whether the token is addressed to another app: its `aud` (a string or a list, RFC 7519) names apps and not this
 * one. The SDK's webhooks.parseJWT checks the signature and expiry only. A token without `aud` is not refused: Wix does
 * not document that its webhook tokens carry one (platform/README.md), and one signed with our app's key is ours.
 */
function forAnotherApp(aud: unknown): boolean {
  if (aud === undefined) return false;
  const audiences = Array.isArray(aud) ? aud : [aud];
  return !audiences.includes(appId);
}

export async function receiveWebhook(request: Request): Promise<Response> {
  const refuse = (why: string) => {
    console.warn(`[webhooks] refused (401): ${why}`);
    return new Response("Refusé", { status: 401, headers: { "content-type": "text/plain; charset=utf-8" } });
  };
  if (!publicKey) return refuse("no public key configured (WIX_WEBHOOK_PUBLIC_KEY)");
  const body = (await request.text()).trim();
  const shape = tokenShapeProblem(body);
  if (shape) return refuse(shape);
  client ??= eventClient(publicKey);
  let event: Awaited<ReturnType<typeof client.webhooks.parseJWT>>;
  try {
    event = await client.webhooks.parseJWT(body);
  } catch (error) {
    return refuse(`invalid token: ${error instanceof Error ? error.message.slice(0, 200) : "unknown"}`);
  }
  const claims = claimsOf(body);
  if (forAnotherApp(claims.aud)) return refuse(`${event.eventType}: audience ${JSON.stringify(claims.aud).slice(0, 100)} is not ${appId}`);
  const payloadId = (event.payload as { id?: unknown } | undefined)?.id;
  const jti = typeof claims.jti === "string" && claims.jti ? claims.jti : undefined;
  const id = jti ?? (typeof payloadId === "string" ? payloadId : undefined);
  if (!id) return refuse(`${event.eventType}: no event id`);
  let first: boolean;
  try {
    first = await seen.claim(id, "1", SEEN_TTL_MS);
  } catch (error) {
    console.error(`[webhooks] replay store unavailable, event ${id} left for a retry: ${(error as Error).message}`);
    return new Response("Indisponible", { status: 503, headers: { "retry-after": "30", "content-type": "text/plain; charset=utf-8" } });
  }
  if (!first) return refuse(`${event.eventType}: replayed event ${id}`);

  try {
    if (client.webhooks.getRegisteredEvents().has(event.eventType)) await client.webhooks.executeHandlers(event);
    else if (CATALOG_EVENTS.test(event.eventType)) clearCatalogCache();
  } catch (error) {
    // A handler failed: Wix sends the event again, and that retry must not be taken for a replay.
    await seen.delete(id).catch(() => undefined);
    throw error;
  }
  return new Response(null, { status: 204 });
}
