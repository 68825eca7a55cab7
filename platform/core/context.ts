// Shared state and helpers used by every service module of the platform.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { DB } from "./db";
import type { MailTransport } from "./mail";
import { getSetting } from "./db";
import { unauthenticated } from "./http";

export const STORES_APP_ID = "215238eb-22a5-4c36-9e7b-e7c08025e04e";
/** The carrier of the store's own shipping options: Wix names a carrier by a GUID (carrierId), never by a word. */
export const SHIPPING_CARRIER_ID = "5b9e2f1c-8a4d-4e6b-9c3f-7d1a0e2b4c68";
/** The store's one shipping region (France): a region's id is a GUID on Wix too. */
export const SHIPPING_REGION = { id: "3c6d8e0a-1f2b-4a5c-9d7e-8f0a1b2c3d4e", name: "France" } as const;
/** The embedded site's app instance id (also the `instanceId` of its webhook events). */
export const EMBEDDED_INSTANCE_ID = "00000000-0000-4000-8000-00000000e1b5";

export interface ResolvedOptions {
  dbPath: string;
  seed: boolean;
  seedFile: string;
  mediaDir: string;
  clientId: string;
  accessTokenTtlSeconds: number;
  /** A refresh token dies this long after it was issued (a member logs in again). */
  refreshTokenTtlSeconds: number;
  allowedOrigins: string[];
  /** Exact login callbacks (PlatformOptions.allowedRedirectUris). */
  allowedRedirectUris: string[];
  defaultAppOrigin: string;
  /** The platform's clock, epoch milliseconds (PlatformOptions.now). */
  now: () => number;
  /** Derived from signupPolicy ("owner-approval"): kept for the hosted sign-up page. */
  requireMemberApproval: boolean;
  signupPolicy: SignupPolicy;
  /** The elevated identity's API key (ApiKeyStrategy) and optional site id; unset = no elevated calls. */
  apiKey?: string;
  siteId?: string;
  paymentCapture: "automatic" | "manual";
  /** When set, the owner tools (/_platform/owner/members, /_platform/outbox) require it. */
  ownerToken?: string;
  /** Where the new-order notice goes (none = no notice) and contact requests (none = platform/forms/forms.ts default). */
  ownerEmail?: string;
  /** Who sells, as the order e-mails name the shop. */
  shopName?: string;
  /** The site's Stores catalog: V1 or V3 endpoints answer, the other version's are refused. */
  catalogVersion: CatalogVersion;
}

/** What a sign-up leads to: a session at once, an e-mailed code first, or the site owner's approval first. */
export type SignupPolicy = "open" | "verify-email" | "owner-approval";
export const SIGNUP_POLICIES: readonly SignupPolicy[] = ["open", "verify-email", "owner-approval"];

/**
 * Which Stores catalog the site runs (Get Catalog Version's answer): Catalog V1 or V3, never both, or no Stores app.
 * The rules that go with it are in platform/stores/catalog-version.ts.
 */
export type CatalogVersion = "V1_CATALOG" | "V3_CATALOG" | "STORES_NOT_INSTALLED";

export interface Ctx {
  db: DB;
  opts: ResolvedOptions;
  mail: MailTransport;
  /**
   * What a member's login does to the visitor's state (owner keys as ownerKey makes them): iam/oauth calls it
   * where it used to call the cart merge itself; index.ts sets it to ecom's mergeCarts, so iam/ needs no import
   * of ecom/ (docs/decisions/0021-platform-by-wix-module.md).
   */
  onMemberLogin: (ctx: Ctx, visitorOwner: string, memberOwner: string) => void;
  /** The size of a seeded photo not drawn yet (index.ts asks seed/photos), so catalog answers carry it. */
  mediaSize?: (relPath: string) => ImageInfo | undefined;
}

export interface Caller {
  token: string;
  visitorId: string | null;
  memberId: string | null;
  /** Cart/checkout owner key: one cart per caller. */
  owner: string;
}

export function ownerKey(memberId: string | null, visitorId: string | null): string {
  return memberId ? `m:${memberId}` : `v:${visitorId}`;
}

export function randomToken(bytes = 32): string {
  // base64url never contains a comma, which the SDK's external-login header format needs.
  return randomBytes(bytes).toString("base64url");
}

export const newId = () => randomUUID();

/** Identifies the caller from the raw `Authorization` header (the SDK sends no `Bearer ` prefix). */
export function callerFromRequest(ctx: Ctx, headers: Headers): Caller | null {
  let token = headers.get("authorization")?.trim();
  if (!token) return null;
  if (/^bearer\s+/i.test(token)) token = token.replace(/^bearer\s+/i, "");
  // Accept the external-login form "<accessToken>,<apiKey>" by using its first part.
  token = token.split(",")[0]!.trim();
  const row = ctx.db.prepare("SELECT visitor_id, member_id, expires_at FROM access_tokens WHERE token = ?").get(token) as
    { visitor_id: string | null; member_id: string | null; expires_at: number } | undefined;
  if (!row || row.expires_at < Math.floor(Date.now() / 1000)) return null;
  if (row.member_id) {
    const m = ctx.db.prepare("SELECT status FROM members WHERE id = ?").get(row.member_id) as { status: string } | undefined;
    if (!m || m.status === "BLOCKED") return null;
  }
  return { token, visitorId: row.visitor_id, memberId: row.member_id, owner: ownerKey(row.member_id, row.visitor_id) };
}

export function requireCaller(ctx: Ctx, headers: Headers): Caller {
  const c = callerFromRequest(ctx, headers);
  if (!c) throw unauthenticated();
  return c;
}

// ---------------------------------------------------------------- money

export function currency(ctx: Ctx): string {
  return getSetting(ctx.db, "currency") ?? "EUR";
}

export function taxRatePercent(ctx: Ctx): number {
  return Number(getSetting(ctx.db, "taxRatePercent") ?? "20");
}

const formatters = new Map<string, Intl.NumberFormat>();
export function formatMoney(cents: number, cur: string): string {
  let f = formatters.get(cur);
  if (!f) {
    f = new Intl.NumberFormat("fr-FR", { style: "currency", currency: cur });
    formatters.set(cur, f);
  }
  return f.format(cents / 100);
}

export function decimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Ecom MultiCurrencyPrice on the wire: decimal strings plus fr-FR formatting. */
export function price(cents: number, cur: string) {
  const amount = decimal(cents);
  const formatted = formatMoney(cents, cur);
  return { amount, convertedAmount: amount, formattedAmount: formatted, formattedConvertedAmount: formatted };
}

/** Order `Price` on the wire. */
export function orderPrice(cents: number, cur: string) {
  return { amount: decimal(cents), formattedAmount: formatMoney(cents, cur) };
}

export function toCents(value: number): number {
  return Math.round(value * 100);
}

// ---------------------------------------------------------------- media

export interface ImageInfo {
  width: number;
  height: number;
}

const imageInfoCache = new Map<string, ImageInfo>();

/** Reads the intrinsic size of a seeded image file (svg, png, jpeg, gif, webp). */
export function imageInfo(ctx: Ctx, relPath: string): ImageInfo {
  const file = resolve(ctx.opts.mediaDir, relPath);
  const cached = imageInfoCache.get(file);
  if (cached) return cached;
  let info: ImageInfo = ctx.mediaSize?.(relPath) ?? { width: 800, height: 800 };
  try {
    if (file.startsWith(resolve(ctx.opts.mediaDir)) && existsSync(file)) {
      const buf = readFileSync(file);
      info = sniffSize(buf) ?? info;
    }
  } catch {
    // keep the default size: a missing image must not break catalog answers
  }
  imageInfoCache.set(file, info);
  return info;
}

function sniffSize(buf: Buffer): ImageInfo | null {
  if (buf.length > 24 && buf.readUInt32BE(0) === 0x89504e47) {
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (buf.length > 10 && buf.toString("ascii", 0, 3) === "GIF") {
    return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  }
  if (buf.length > 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2;
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) return null;
      const marker = buf[i + 1]!;
      const len = buf.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
      }
      i += 2 + len;
    }
    return null;
  }
  if (buf.length > 30 && buf.toString("ascii", 0, 4) === "RIFF" && buf.toString("ascii", 8, 12) === "WEBP") {
    const chunk = buf.toString("ascii", 12, 16);
    if (chunk === "VP8X") return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
    if (chunk === "VP8 ") return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
    if (chunk === "VP8L") {
      const b = buf.readUInt32LE(21);
      return { width: (b & 0x3fff) + 1, height: ((b >> 14) & 0x3fff) + 1 };
    }
    return null;
  }
  const head = buf.toString("utf8", 0, Math.min(buf.length, 4096));
  const svg = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (svg) {
    const num = (name: string) => {
      const m = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([0-9.]+)(px)?\\s*["']`, "i").exec(svg);
      return m ? Math.round(Number(m[1])) : undefined;
    };
    let width = num("width");
    let height = num("height");
    const vb = /viewBox\s*=\s*["']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)\s*["']/i.exec(svg);
    if ((!width || !height) && vb) {
      width = width ?? Math.round(Number(vb[1]));
      height = height ?? Math.round(Number(vb[2]));
    }
    if (width && height) return { width, height };
  }
  return null;
}

/**
 * Media id on the wire: the file's path under the media folder with "/" turned into "__", so it is one
 * path segment of a `wix:image://v1/<id>/<filename>` URI; the file is also served at /_platform/media/<id>.
 */
export function mediaId(relPath: string): string {
  return relPath.replace(/\//g, "__");
}

export function mediaIdToPath(id: string): string {
  return id.replace(/__/g, "/");
}

/** Image object for image-transformed ecom fields: the SDK turns it into a wix:image:// URI. */
export function wireImage(ctx: Ctx, appOrigin: string, relPath: string, altText: string) {
  const { width, height } = imageInfo(ctx, relPath);
  return {
    id: mediaId(relPath),
    url: mediaUrl(appOrigin, relPath),
    width,
    height,
    filename: relPath.split("/").pop() ?? relPath,
    altText,
  };
}

export function mediaUrl(appOrigin: string, relPath: string): string {
  return `${appOrigin}/_platform/media/${relPath.split("/").map(encodeURIComponent).join("/")}`;
}

export function resolveSeedPaths(seedFile?: string): { seedFile: string; mediaDir: string } {
  const candidates: string[] = [];
  if (seedFile) candidates.push(resolve(seedFile));
  else {
    try {
      candidates.push(fileURLToPath(new URL("../seed/demo.json", import.meta.url)));
    } catch {
      // import.meta.url may not be a file URL once bundled
    }
    candidates.push(resolve(process.cwd(), "platform/seed/demo.json"));
  }
  const file = candidates.find((c) => existsSync(c)) ?? candidates[candidates.length - 1]!;
  return { seedFile: file, mediaDir: join(file, "..", "media") };
}
