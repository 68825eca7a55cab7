// Members: the current member's profile, slug and deletion; password storage for the hosted login.
import { emitEvent, webhooksOn, type EventIdentity } from "../events/webhooks";
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { Caller, Ctx } from "../core/context";
import { newId, ownerKey, requireCaller } from "../core/context";
import { nowIso } from "../core/db";
import type { ApiRequest, FieldViolation, Router } from "../core/http";
import { appError, asObject, asString, notFound, permissionDenied, UNSAFE_TEXT_RE, validationError } from "../core/http";
import { isElevated } from "../core/elevated";
import { canonicalEmail } from "../core/email";

/** An address with no space, control or format character (bidirectional overrides, zero-width) anywhere. */
export const EMAIL_RE = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u;

export interface MemberRow {
  id: string;
  contact_id: string;
  email: string;
  password_hash: string;
  status: string;
  first_name: string | null;
  last_name: string | null;
  nickname: string | null;
  slug: string;
  phones: string;
  addresses: string;
  privacy_status: string;
  created_date: string;
  updated_date: string;
  last_login_date: string | null;
  /** ACTIVE, or MUTED by the owner. */
  activity_status: string;
  /**
   * 1 once the mailbox is proved (the sign-up code, a password-reset link; the seeded accounts): what lets guest
   * orders join the account and the app count it as the owner. Being allowed to log in is `status`, kept apart.
   */
  email_verified: number;
  /** 1 once the login e-mail was changed (login-email.ts): while not proved, a login with it waits for a code. */
  email_changed: number;
}

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const stored = (salt: Buffer, hash: Buffer) => `scrypt$${salt.toString("base64url")}$${hash.toString("base64url")}`;

/**
 * A new password's hash, computed off the main thread (libuv's pool): scrypt takes tens of milliseconds of CPU, which
 * on the main thread would stall every other request for as long, once per sign-up or reset.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return stored(salt, await scryptAsync(password, salt, 32));
}

/** The same on the main thread: only for the seed's accounts, made once at start before any request is served. */
export function hashPasswordAtSeed(password: string): string {
  const salt = randomBytes(16);
  return stored(salt, scryptSync(password, salt, 32));
}

/**
 * Off the main thread (libuv's pool): a burst of logins must not stall every other request while it hashes.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64url"), expected.length);
  return timingSafeEqual(expected, actual);
}

// A fixed dummy hash keeps the timing of unknown e-mails close to wrong passwords.
let dummyHash: string | undefined;
export async function checkCredentials(ctx: Ctx, email: string, password: string): Promise<MemberRow | null> {
  const m = memberByEmail(ctx, email);
  if (!m) {
    dummyHash ??= await hashPassword("dummy-password");
    await verifyPassword(password, dummyHash);
    return null;
  }
  return (await verifyPassword(password, m.password_hash)) ? m : null;
}

/**
 * The account of an address however it is written: accounts are stored under their canonical e-mail
 * (core/email.ts), so "ＡＤＡ@exemple.fr." and "ada@exemple.fr" are one account, and an address with no canonical
 * form has none.
 */
export function memberByEmail(ctx: Ctx, typed: string): MemberRow | undefined {
  const email = canonicalEmail(typed);
  return email ? (ctx.db.prepare("SELECT * FROM members WHERE email = ?").get(email) as MemberRow | undefined) : undefined;
}

export function slugify(text: string): string {
  return (
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "membre"
  );
}

function uniqueSlug(ctx: Ctx, base: string): string {
  let slug = base;
  for (let i = 2; ctx.db.prepare("SELECT 1 FROM members WHERE slug = ?").get(slug); i++) slug = `${base}-${i}`;
  return slug;
}

export interface NewMember {
  email: string;
  /** The password's hash (hashPassword), made before the caller's transaction. */
  passwordHash: string;
  firstName?: string | null;
  lastName?: string | null;
  nickname?: string | null;
  slug?: string | null;
  status?: "APPROVED" | "PENDING";
  emailVerified?: boolean;
  addresses?: Record<string, unknown>[];
  phones?: string[];
  /** Who created her, for the member_created event (default: herself, signing up). */
  createdBy?: EventIdentity;
}

/** Stores a new account under its canonical e-mail; callers refuse an address without one first (it throws here). */
export function createMember(ctx: Ctx, m: NewMember & { id?: string }): MemberRow {
  const email = canonicalEmail(m.email);
  if (!email) throw new Error(`createMember: ${JSON.stringify(m.email)} has no canonical form`);
  const id = m.id ?? newId();
  const now = nowIso();
  const nickname = m.nickname || [m.firstName, m.lastName].filter(Boolean).join(" ") || email.split("@")[0]!;
  const slug = uniqueSlug(ctx, slugify(m.slug || nickname));
  ctx.db
    .prepare(
      `INSERT INTO members (id, contact_id, email, password_hash, status, first_name, last_name, nickname, slug, phones, addresses, created_date, updated_date, email_verified)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      newId(),
      email,
      m.passwordHash,
      m.status ?? "APPROVED",
      m.firstName ?? null,
      m.lastName ?? null,
      nickname,
      slug,
      JSON.stringify(m.phones ?? []),
      JSON.stringify((m.addresses ?? []).map((a) => ({ id: newId(), ...a }))),
      now,
      now,
      m.emailVerified === false ? 0 : 1,
    );
  const created = ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(id) as MemberRow;
  memberEvent(ctx, "created", created, m.createdBy);
  return created;
}

/**
 * member_created / _updated / _deleted webhooks (entity: the FULL member). As Wix's Member Deleted example shows,
 * a deletion is an action event with an empty body: the member's id is the event's entityId.
 */
export function memberEvent(
  ctx: Ctx,
  kind: "created" | "updated" | "deleted",
  m: MemberRow,
  identity: EventIdentity = { memberId: m.id },
): void {
  if (!webhooksOn(ctx)) return;
  const entity = memberWire(m, "FULL");
  emitEvent(ctx, {
    eventType: `wix.members.v1.member_${kind}`,
    entityFqdn: "wix.members.v1.member",
    slug: kind,
    entityId: m.id,
    body: kind === "created" ? { created: entity } : kind === "updated" ? { updated: entity } : { action: {} },
    identity,
  });
}

export type Fieldset = "PUBLIC" | "EXTENDED" | "FULL";

export function parseFieldsets(raw: unknown): Fieldset {
  const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
  for (const f of list)
    if (!["PUBLIC", "EXTENDED", "FULL"].includes(f))
      throw validationError([
        { field: "fieldsets", description: "must be one of PUBLIC, EXTENDED, FULL", violatedRule: "INVALID_ENUM_VALUE" },
      ]);
  if (list.includes("FULL")) return "FULL";
  if (list.includes("EXTENDED")) return "EXTENDED";
  return "PUBLIC";
}

export function memberWire(m: MemberRow, fieldset: Fieldset) {
  const profile = { nickname: m.nickname ?? "", slug: m.slug };
  // Fieldsets as the typings document them (members `Set` enum): PUBLIC = id, contactId, dates and profile, with
  // status / privacyStatus / activityStatus answered UNKNOWN; EXTENDED adds loginEmail and the real statuses.
  const base = {
    id: m.id,
    contactId: m.contact_id,
    profile,
    status: "UNKNOWN",
    privacyStatus: "UNKNOWN",
    activityStatus: "UNKNOWN",
    createdDate: m.created_date,
    updatedDate: m.updated_date,
  };
  if (fieldset === "PUBLIC") return base;
  const extended = {
    ...base,
    loginEmail: m.email,
    loginEmailVerified: m.email_verified !== 0,
    status: m.status,
    privacyStatus: m.privacy_status,
    activityStatus: m.activity_status ?? "ACTIVE",
    ...(m.last_login_date ? { lastLoginDate: m.last_login_date } : {}),
  };
  if (fieldset === "EXTENDED") return extended;
  return {
    ...extended,
    contact: {
      contactId: m.contact_id,
      ...(m.first_name ? { firstName: m.first_name } : {}),
      ...(m.last_name ? { lastName: m.last_name } : {}),
      phones: JSON.parse(m.phones),
      emails: [m.email],
      addresses: JSON.parse(m.addresses),
      customFields: {},
    },
  };
}

function requireMember(ctx: Ctx, caller: Caller): MemberRow {
  if (!caller.memberId) throw permissionDenied("Cette opération est réservée aux membres connectés");
  const m = ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(caller.memberId) as MemberRow | undefined;
  if (!m) throw notFound("MEMBER_NOT_FOUND", "Membre introuvable");
  return m;
}

const MEMBER_ADDRESS_FIELDS = ["addressLine", "addressLine2", "city", "subdivision", "country", "postalCode"] as const;

function cleanString(v: unknown, field: string, max: number, violations: FieldViolation[]): string | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v !== "string") {
    violations.push({ field, description: "must be a string", violatedRule: "FORMAT" });
    return undefined;
  }
  if (v.length > max) violations.push({ field, description: `must be at most ${max} characters`, violatedRule: "MAX_LENGTH" });
  if (UNSAFE_TEXT_RE.test(v))
    violations.push({ field, description: "must not contain control or bidirectional-override characters", violatedRule: "FORMAT" });
  return v.trim();
}

/** A member's phones and addresses as Create Member and Update Member take them (`member.contact`), checked. */
export function contactLists(contact: Record<string, unknown> | undefined, violations: FieldViolation[]) {
  let phones: string[] | undefined;
  if (contact?.phones !== undefined) {
    if (!Array.isArray(contact.phones) || !contact.phones.every((p) => typeof p === "string" && p.length <= 50 && !UNSAFE_TEXT_RE.test(p)))
      violations.push({ field: "member.contact.phones", description: "must be a list of phone numbers", violatedRule: "FORMAT" });
    else phones = (contact.phones as string[]).map((p) => p.trim()).filter(Boolean);
  }
  let addresses: Record<string, unknown>[] | undefined;
  if (contact?.addresses !== undefined) {
    if (!Array.isArray(contact.addresses))
      violations.push({ field: "member.contact.addresses", description: "must be a list", violatedRule: "FORMAT" });
    else {
      addresses = contact.addresses.map((raw, i) => {
        const a = asObject(raw) ?? {};
        const out: Record<string, unknown> = { id: asString(a.id) ?? (a._id as string | undefined) ?? newId() };
        for (const k of MEMBER_ADDRESS_FIELDS) {
          const v = cleanString(a[k], `member.contact.addresses[${i}].${k}`, 250, violations);
          if (v) out[k] = v;
        }
        const street = asObject(a.streetAddress);
        if (street) {
          const number = cleanString(street.number ?? "", `member.contact.addresses[${i}].streetAddress.number`, 50, violations) ?? "";
          const name = cleanString(street.name ?? "", `member.contact.addresses[${i}].streetAddress.name`, 250, violations) ?? "";
          out.streetAddress = { number, name };
        }
        return out;
      });
    }
  }
  return { phones, addresses };
}

function updateMember(ctx: Ctx, caller: Caller | "elevated", req: ApiRequest) {
  const me =
    caller === "elevated"
      ? (ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(req.params.id) as MemberRow | undefined)
      : requireMember(ctx, caller);
  if (!me) throw notFound("MEMBER_NOT_FOUND", "Membre introuvable", { id: req.params.id });
  if (req.params.id !== me.id) throw permissionDenied("Vous ne pouvez modifier que votre propre profil");
  const member = asObject(req.body.member);
  if (!member) throw validationError([{ field: "member", description: "is required", violatedRule: "REQUIRED_FIELD" }]);
  const violations: FieldViolation[] = [];
  const contact = asObject(member.contact);
  const profile = asObject(member.profile);
  const firstName = cleanString(contact?.firstName, "member.contact.firstName", 100, violations);
  const lastName = cleanString(contact?.lastName, "member.contact.lastName", 100, violations);
  const nickname = cleanString(profile?.nickname, "member.profile.nickname", 255, violations);
  const { phones, addresses } = contactLists(contact, violations);
  if (violations.length) throw validationError(violations);
  return ctx.db
    .transaction(() => {
      const set = (col: string, v: unknown) => ctx.db.prepare(`UPDATE members SET ${col} = ? WHERE id = ?`).run(v, me.id);
      if (firstName !== undefined) set("first_name", firstName || null);
      if (lastName !== undefined) set("last_name", lastName || null);
      if (nickname !== undefined && nickname) set("nickname", nickname);
      if (phones) set("phones", JSON.stringify(phones));
      if (addresses) set("addresses", JSON.stringify(addresses));
      set("updated_date", nowIso());
      const m = ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(me.id) as MemberRow;
      memberEvent(ctx, "updated", m, caller === "elevated" ? { owner: true } : { memberId: m.id });
      return { member: memberWire(m, "FULL") };
    })
    .immediate();
}

export function deleteMember(ctx: Ctx, memberId: string): void {
  const tokens = ctx.db.prepare("SELECT token FROM refresh_tokens WHERE member_id = ?").all(memberId) as { token: string }[];
  for (const t of tokens) ctx.db.prepare("UPDATE refresh_tokens SET revoked = 1 WHERE token = ?").run(t.token);
  ctx.db.prepare("DELETE FROM access_tokens WHERE member_id = ?").run(memberId);
  ctx.db.prepare("DELETE FROM carts WHERE owner = ?").run(ownerKey(memberId, null));
  ctx.db.prepare("DELETE FROM members WHERE id = ?").run(memberId);
}

export function registerMembers(router: Router, ctx: Ctx): void {
  router
    .on("GET", "/members/v1/members/my", (req) => {
      const caller = requireCaller(ctx, req.headers);
      return { member: memberWire(requireMember(ctx, caller), parseFieldsets(req.body.fieldsets)) };
    })
    .on("POST", "/members/v1/members/my/slug", (req) => {
      const caller = requireCaller(ctx, req.headers);
      const me = requireMember(ctx, caller);
      return { member: memberWire(changeSlug(ctx, me.id, req.body.slug), "FULL") };
    })
    .on("DELETE", "/members/v1/members/my", (req) => {
      const caller = requireCaller(ctx, req.headers);
      const me = requireMember(ctx, caller);
      ctx.db
        .transaction(() => {
          deleteMember(ctx, me.id);
          memberEvent(ctx, "deleted", me);
        })
        .immediate();
      return {};
    })
    .on("GET", "/members/v1/members/:id", (req) => {
      if (isElevated(ctx, req.headers)) return { member: memberWire(memberById(ctx, req.params.id!), parseFieldsets(req.body.fieldsets)) };
      const caller = requireCaller(ctx, req.headers);
      const m = ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(req.params.id) as MemberRow | undefined;
      if (!m || (m.id !== caller.memberId && m.privacy_status !== "PUBLIC"))
        throw notFound("MEMBER_NOT_FOUND", "Membre introuvable", { id: req.params.id });
      return { member: memberWire(m, m.id === caller.memberId ? parseFieldsets(req.body.fieldsets) : "PUBLIC") };
    })
    .on("PATCH", "/members/v1/members/:id", (req) =>
      updateMember(ctx, isElevated(ctx, req.headers) ? "elevated" : requireCaller(ctx, req.headers), req),
    );
}

export function memberById(ctx: Ctx, id: string): MemberRow {
  const m = ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(id) as MemberRow | undefined;
  if (!m) throw notFound("MEMBER_NOT_FOUND", "Membre introuvable", { id });
  return m;
}

export function changeSlug(ctx: Ctx, id: string, raw: unknown, identity?: EventIdentity): MemberRow {
  const slug = asString(raw)?.trim().toLowerCase();
  if (!slug || !/^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/.test(slug))
    throw validationError([
      { field: "slug", description: "must contain 1 to 100 lowercase letters, digits or hyphens", violatedRule: "FORMAT" },
    ]);
  return ctx.db
    .transaction(() => {
      const taken = ctx.db.prepare("SELECT id FROM members WHERE slug = ? AND id <> ?").get(slug, id);
      if (taken) throw appError(409, "SLUG_ALREADY_EXISTS", `L'identifiant « ${slug} » est déjà pris`, { slug });
      memberById(ctx, id);
      ctx.db.prepare("UPDATE members SET slug = ?, updated_date = ? WHERE id = ?").run(slug, nowIso(), id);
      const m = memberById(ctx, id);
      memberEvent(ctx, "updated", m, identity);
      return m;
    })
    .immediate();
}
