import { AppStrategy, createClient } from "@wix/sdk";
import { clearCatalogCache } from "./catalog-cache.server";
import { sharedKeys } from "./shared-state.server";

/**
 * The one endpoint that receives Wix webhooks (POST /webhooks/wix, body = the JWT). Verification is the SDK's own:
 * AppStrategy({ publicKey }) + webhooks.process (RS256 signature and expiry, through `jose`). Two checks are ours:
 * - the token's shape, before the SDK: jose parses the JWT header (JSON) before it checks the signature, so an
 *   unsigned header of nested arrays would cost CPU for free; a real header is a few dozen bytes, so one over
 *   MAX_HEADER_CHARS is refused unread. The payload is only parsed after the signature holds.
 * - replays: the SDK does not refuse a replayed token, so an event id already handled (kept 10 minutes, longer than
 *   the tokens' 5-minute lifetime) is refused. The ids live in Redis when REDIS_URL is set, so every replica
 *   refuses what any other has handled.
 * Any refusal answers 401 and is logged; a replay store that cannot answer gives 503 (the sender retries later).
 */

let publicKey: string | undefined = process.env.WIX_WEBHOOK_PUBLIC_KEY?.replace(/\\n/g, "\n") || undefined;
let appId = process.env.WIX_APP_ID ?? "embedded-demo-client";

/** Set by the embedded platform at start (its own key pair); a real Wix site's key comes from WIX_WEBHOOK_PUBLIC_KEY. */
export function configureWebhooks(options: { publicKey: string; appId?: string }) {
  publicKey = options.publicKey;
  if (options.appId) appId = options.appId;
}

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

const CATALOG_EVENTS = /^(com\.wix\.ecommerce\.catalog\.api\.v1\.|wix\.stores\.)/;

function eventId(body: string, payload: Record<string, unknown>): string | undefined {
  const [, claims] = body.split(".");
  let jti: unknown;
  try {
    // Signed content: the signature was checked by the SDK before this parse.
    jti = (JSON.parse(Buffer.from(claims ?? "", "base64url").toString("utf8")) as { jti?: unknown }).jti;
  } catch {
    jti = undefined;
  }
  return typeof jti === "string" && jti ? jti : typeof payload?.id === "string" ? payload.id : undefined;
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
  let event: { eventType: string; payload: Record<string, unknown> };
  try {
    const client = createClient({ auth: AppStrategy({ appId, publicKey }), modules: {} });
    event = (await client.webhooks.process(body)) as typeof event;
  } catch (error) {
    return refuse(`invalid token: ${error instanceof Error ? error.message.slice(0, 200) : "unknown"}`);
  }
  const id = eventId(body, event.payload);
  if (!id) return refuse(`${event.eventType}: no event id`);
  let first: boolean;
  try {
    first = await seen.claim(id, "1", SEEN_TTL_MS);
  } catch (error) {
    console.error(`[webhooks] replay store unavailable, event ${id} left for a retry: ${(error as Error).message}`);
    return new Response("Indisponible", { status: 503, headers: { "retry-after": "30", "content-type": "text/plain; charset=utf-8" } });
  }
  if (!first) return refuse(`${event.eventType}: replayed event ${id}`);

  if (CATALOG_EVENTS.test(event.eventType)) clearCatalogCache();
  if (event.eventType === "wix.ecom.v1.order_created") console.info(`[webhooks] nouvelle commande ${String(event.payload.entityId ?? "")}`);
  if (event.eventType === "wix.members.v1.member_created") {
    const entity = JSON.parse(String((event.payload.createdEvent as { entityAsJson?: string } | undefined)?.entityAsJson ?? "{}"));
    if (entity.status === "PENDING") console.info(`[webhooks] membre en attente d'approbation ${String(entity.id ?? "")}`);
  }
  return new Response(null, { status: 204 });
}
