// Webhooks as Wix sends them ("About the Structure of Events", dev.wix.com/docs/rest/articles/get-started/
// webhook-structure, and the event examples of each API's reference): each event is an RS256 JWT whose claims are
// `{data: "<json>", iss: "wix.com", aud: <app id>, jti: <event id>, iat, exp}`, the JSON holding
// `{eventType, instanceId, data: "<event json>", identity: "<identity json>"}` (what the SDK's webhooks.parseJWT
// reads, node_modules/@wix/sdk/build/event-handlers-modules.js). Domain events carry `id`, `entityFqdn`, `slug`,
// `entityId`, `eventTime`, `triggeredByAnonymizeRequest` and one of `createdEvent: {entity}`,
// `updatedEvent: {currentEntity}`, `deletedEvent: {…}`, `actionEvent: {body}` — objects, which the SDK's typed
// handlers (orders.onOrderCreated…) hand over as `entity` / `data`.
//
// Delivery never blocks the call that caused the event: rows are written to the `webhook_outbox` table (in the
// caller's transaction) and a pump posts them afterwards, with retries and back-off; pending rows left by a stopped
// process are sent by the next one.
import { createSign, generateKeyPairSync, randomUUID } from "node:crypto";
import type { DB } from "../core/db";
import type { Ctx } from "../core/context";
import { EMBEDDED_INSTANCE_ID } from "../core/context";

export const WEBHOOK_SCHEMA = `
CREATE TABLE IF NOT EXISTS webhook_keys (id INTEGER PRIMARY KEY CHECK (id = 1), private_pem TEXT NOT NULL, public_pem TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS webhook_outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL, url TEXT NOT NULL, event_type TEXT NOT NULL,
  envelope TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0,
  next_at_ms INTEGER NOT NULL, last_error TEXT, created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_outbox_due ON webhook_outbox (status, next_at_ms);
`;

export const MAX_ATTEMPTS = 8;
const JWT_TTL_SECONDS = 300;

/** Back-off after the n-th failed attempt: 1 s, 2 s, 4 s… capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** The platform's signing key pair, generated once and kept in the database (a reset does not change it). */
export function webhookKeys(db: DB): { privatePem: string; publicPem: string } {
  db.exec(WEBHOOK_SCHEMA);
  const row = db.prepare("SELECT private_pem, public_pem FROM webhook_keys WHERE id = 1").get() as
    { private_pem: string; public_pem: string } | undefined;
  if (row) return { privatePem: row.private_pem, publicPem: row.public_pem };
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  db.prepare("INSERT OR IGNORE INTO webhook_keys (id, private_pem, public_pem) VALUES (1, ?, ?)").run(privateKey, publicKey);
  return webhookKeys(db);
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** The JWT's issuer; the SDK's AppStrategy.decodeJWT(token, true) requires it (and the app id as audience). */
export const WEBHOOK_ISSUER = "wix.com";

/** An RS256 JWT over `payload` (iss, aud, iat, exp, jti added), as Wix signs its webhooks. */
export function signJwt(privatePem: string, payload: Record<string, unknown>, jti: string, audience?: string): string {
  const now = Math.floor(Date.now() / 1000);
  const head = b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = { ...payload, iss: WEBHOOK_ISSUER, ...(audience ? { aud: audience } : {}), iat: now, exp: now + JWT_TTL_SECONDS, jti };
  const body = b64url(JSON.stringify(claims));
  const signature = createSign("RSA-SHA256").update(`${head}.${body}`).sign(privatePem);
  return `${head}.${body}.${b64url(signature)}`;
}

export type EventBody =
  | { created: unknown }
  | { updated: unknown }
  /** The deletedEvent object as the API documents it (e.g. `{movedToTrash: true}` for carts). */
  | { deleted: Record<string, unknown> }
  | { action: unknown }
  /** A V1 (non-domain) event: the payload itself, e.g. catalog V1 ProductChanged `{productId, changedFields}`. */
  | { plain: Record<string, unknown> };

export interface EventInput {
  eventType: string;
  entityFqdn?: string;
  slug?: string;
  entityId?: string;
  body: EventBody;
  /** Who caused it: a member, a visitor, or the site's owner (her API key, her hosted tools). */
  identity?: EventIdentity;
}

export type EventIdentity = { owner: true } | { memberId?: string | null; visitorId?: string | null };

/** The owner's Wix user id in events she causes (the embedded site has one owner). */
export const OWNER_USER_ID = "00000000-0000-4000-8000-0000000000ee";

/** Envelope for the JWT's `data` claim. Exported for tests. */
export function envelopeOf(e: EventInput, eventId: string, eventTime: string) {
  let data: Record<string, unknown>;
  if ("plain" in e.body) data = e.body.plain;
  else {
    data = { id: eventId, entityFqdn: e.entityFqdn, slug: e.slug, entityId: e.entityId, eventTime, triggeredByAnonymizeRequest: false };
    if ("created" in e.body) data.createdEvent = { entity: e.body.created };
    else if ("updated" in e.body) data.updatedEvent = { currentEntity: e.body.updated };
    else if ("deleted" in e.body) data.deletedEvent = e.body.deleted;
    else data.actionEvent = { body: e.body.action };
  }
  return {
    eventType: e.eventType,
    instanceId: EMBEDDED_INSTANCE_ID,
    data: JSON.stringify(data),
    identity: JSON.stringify(identityOf(e.identity)),
  };
}

/** The identity payload: MEMBER, ANONYMOUS_VISITOR, or WIX_USER for the owner (and for anything with no caller). */
function identityOf(id: EventIdentity | undefined) {
  if (id && "memberId" in id && id.memberId) return { identityType: "MEMBER", memberId: id.memberId };
  if (id && "visitorId" in id && id.visitorId) return { identityType: "ANONYMOUS_VISITOR", anonymousVisitorId: id.visitorId };
  return { identityType: "WIX_USER", wixUserId: OWNER_USER_ID };
}

export interface WebhookSink {
  urls: string[];
  /** The app id the tokens are addressed to (`aud`): the site's OAuth client id here. */
  audience: string;
  fetch: typeof fetch;
  /** Called after a write so the pump runs soon (never awaited by the caller). */
  wake: () => void;
}

const sinks = new WeakMap<DB, WebhookSink>();
export function setWebhookSink(db: DB, sink: WebhookSink): void {
  sinks.set(db, sink);
}

/** Queues an event for every webhook URL (inside the caller's transaction, if any); delivery happens later. */
export function emitEvent(ctx: Ctx, e: EventInput): void {
  const sink = sinks.get(ctx.db);
  if (!sink || !sink.urls.length) return;
  const eventId = randomUUID();
  const envelope = JSON.stringify(envelopeOf(e, eventId, new Date().toISOString()));
  const insert = ctx.db.prepare(
    "INSERT INTO webhook_outbox (event_id, url, event_type, envelope, next_at_ms, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  for (const url of sink.urls) insert.run(eventId, url, e.eventType, envelope, Date.now(), new Date().toISOString());
  sink.wake();
}

interface OutboxRow {
  seq: number;
  event_id: string;
  url: string;
  event_type: string;
  envelope: string;
  attempts: number;
}

/** Sends every due row once; failures are rescheduled with back-off (given up after MAX_ATTEMPTS or a 4xx). */
export async function pumpWebhooks(db: DB, sink: WebhookSink, privatePem: string): Promise<number> {
  const due = db
    .prepare(
      "SELECT seq, event_id, url, event_type, envelope, attempts FROM webhook_outbox WHERE status = 'pending' AND next_at_ms <= ? ORDER BY seq LIMIT 50",
    )
    .all(Date.now()) as OutboxRow[];
  let sent = 0;
  for (const row of due) {
    const jwt = signJwt(privatePem, { data: row.envelope }, row.event_id, sink.audience);
    let error: string | null = null;
    let permanent = false;
    try {
      const res = await sink.fetch(row.url, {
        method: "POST",
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: jwt,
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) {
        error = `HTTP ${res.status}`;
        permanent = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
      }
      await res.body?.cancel().catch(() => undefined);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    if (db.open === false) return sent;
    const attempts = row.attempts + 1;
    if (!error) {
      db.prepare("UPDATE webhook_outbox SET status = 'delivered', attempts = ?, last_error = NULL WHERE seq = ?").run(attempts, row.seq);
      sent++;
    } else if (permanent || attempts >= MAX_ATTEMPTS) {
      db.prepare("UPDATE webhook_outbox SET status = 'failed', attempts = ?, last_error = ? WHERE seq = ?").run(attempts, error, row.seq);
      console.warn(`[platform] webhook ${row.event_type} to ${row.url} abandoned after ${attempts} attempt(s): ${error}`);
    } else {
      db.prepare("UPDATE webhook_outbox SET attempts = ?, last_error = ?, next_at_ms = ? WHERE seq = ?").run(
        attempts,
        error,
        Date.now() + backoffMs(attempts),
        row.seq,
      );
    }
  }
  return sent;
}

export function webhookOutbox(db: DB) {
  return db.prepare("SELECT event_id, url, event_type, status, attempts, last_error FROM webhook_outbox ORDER BY seq").all() as Array<{
    event_id: string;
    url: string;
    event_type: string;
    status: string;
    attempts: number;
    last_error: string | null;
  }>;
}

/** Whether any webhook URL is configured (saves building entities for events nobody receives). */
export function webhooksOn(ctx: Ctx): boolean {
  return (sinks.get(ctx.db)?.urls.length ?? 0) > 0;
}
