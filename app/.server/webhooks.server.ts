import { AppStrategy, createClient } from "@wix/sdk";
import { clearCatalogCache } from "./catalog-cache.server";
import { getConfig } from "./config.server";

/**
 * The one endpoint that receives Wix webhooks (POST /webhooks/wix, body = the JWT). Verification is the SDK's own:
 * AppStrategy({ publicKey }) + webhooks.process (RS256 signature and expiry, through `jose`). The SDK does not
 * refuse a replayed token, so that check is done here: an event id already handled (kept 10 minutes, longer than
 * the tokens' 5-minute lifetime) is refused. Any refusal answers 401 and is logged.
 */

/** Set by the embedded platform at start (its own key pair); else the configuration's (WIX_WEBHOOK_PUBLIC_KEY, WIX_APP_ID). */
let configured: { publicKey: string; appId?: string } | undefined;

export function configureWebhooks(options: { publicKey: string; appId?: string }) {
  configured = options;
}

function webhookKeys(): { publicKey?: string; appId: string } {
  const { webhooks } = getConfig();
  return configured ? { publicKey: configured.publicKey, appId: configured.appId ?? webhooks.appId } : webhooks;
}

const SEEN_TTL_MS = 10 * 60 * 1000;
const seen = new Map<string, number>();

function alreadySeen(id: string): boolean {
  const now = Date.now();
  for (const [k, until] of seen) if (until <= now) seen.delete(k);
  return seen.has(id);
}

const CATALOG_EVENTS = /^(com\.wix\.ecommerce\.catalog\.api\.v1\.|wix\.stores\.)/;

export async function receiveWebhook(request: Request): Promise<Response> {
  const refuse = (why: string) => {
    console.warn(`[webhooks] refused (401): ${why}`);
    return new Response("Refusé", { status: 401, headers: { "content-type": "text/plain; charset=utf-8" } });
  };
  const { publicKey, appId } = webhookKeys();
  if (!publicKey) return refuse("no public key configured (WIX_WEBHOOK_PUBLIC_KEY)");
  const body = (await request.text()).trim();
  if (!body || body.length > 1_000_000) return refuse("empty or oversized body");
  let event: { eventType: string; payload: Record<string, unknown> };
  try {
    const client = createClient({ auth: AppStrategy({ appId, publicKey }), modules: {} });
    event = (await client.webhooks.process(body)) as typeof event;
  } catch (error) {
    return refuse(`invalid token: ${error instanceof Error ? error.message.slice(0, 200) : "unknown"}`);
  }
  const [, claims] = body.split(".");
  let jti: string | undefined;
  try {
    jti = (JSON.parse(Buffer.from(claims ?? "", "base64url").toString("utf8")) as { jti?: unknown }).jti as string | undefined;
  } catch {
    jti = undefined;
  }
  const id = typeof jti === "string" && jti ? jti : typeof event.payload?.id === "string" ? (event.payload.id as string) : undefined;
  if (!id) return refuse(`${event.eventType}: no event id`);
  if (alreadySeen(id)) return refuse(`${event.eventType}: replayed event ${id}`);
  seen.set(id, Date.now() + SEEN_TTL_MS);

  if (CATALOG_EVENTS.test(event.eventType)) clearCatalogCache();
  if (event.eventType === "wix.ecom.v1.order_created") console.info(`[webhooks] nouvelle commande ${String(event.payload.entityId ?? "")}`);
  if (event.eventType === "wix.members.v1.member_created") {
    const entity = JSON.parse(String((event.payload.createdEvent as { entityAsJson?: string } | undefined)?.entityAsJson ?? "{}"));
    if (entity.status === "PENDING") console.info(`[webhooks] membre en attente d'approbation ${String(entity.id ?? "")}`);
  }
  return new Response(null, { status: 204 });
}
