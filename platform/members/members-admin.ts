// members, the owner's side (elevated identity): list, query, get with any fieldset, create, update, slug, mute,
// unmute, approve, block, disconnect, delete, bulk operations, contact details removal; and joining or leaving the
// community, which a member does herself. A blocked member's sessions end at once and she cannot log in;
// approving her restores her.
import { randomBytes } from "node:crypto";
import type { Ctx } from "../core/context";
import { newId, requireCaller } from "../core/context";
import { nowIso } from "../core/db";
import { requireElevated } from "../core/elevated";
import { canonicalEmail } from "../core/email";
import type { ApiRequest, FieldViolation, Router } from "../core/http";
import { appError, asObject, asString, permissionDenied, validationError } from "../core/http";
import type { Fieldset, MemberRow } from "./members";
import {
  changeSlug,
  contactLists,
  createMember,
  deleteMember,
  hashPassword,
  memberById,
  memberEvent,
  memberWire,
  parseFieldsets,
} from "./members";
import { applySort, matchFilter, parseOffsetPaging, parseSort } from "../core/query";
import type { EventIdentity } from "../events/webhooks";
import { registerLoginEmailChange } from "./login-email";

const BASE = "/members/v1/members";

/** Ends every session of a member: refresh tokens revoked, access tokens deleted. */
export function endSessions(ctx: Ctx, memberId: string): void {
  ctx.db.prepare("UPDATE refresh_tokens SET revoked = 1 WHERE member_id = ?").run(memberId);
  ctx.db.prepare("DELETE FROM access_tokens WHERE member_id = ?").run(memberId);
}

/** The owner's calls are hers in the events they cause (Wix: a WIX_USER identity), not the member's. */
const OWNER = { owner: true } as const;

function setColumn(
  ctx: Ctx,
  id: string,
  column: "status" | "activity_status" | "privacy_status" | "phones" | "addresses",
  value: string,
  identity: EventIdentity = OWNER,
) {
  ctx.db.prepare(`UPDATE members SET ${column} = ?, updated_date = ? WHERE id = ?`).run(value, nowIso(), id);
  const m = memberById(ctx, id);
  memberEvent(ctx, "updated", m, identity);
  return m;
}

type Action = "approve" | "block" | "mute" | "unmute" | "disconnect";

function act(ctx: Ctx, id: string, action: Action): MemberRow {
  return ctx.db
    .transaction(() => {
      memberById(ctx, id);
      switch (action) {
        case "approve":
          return setColumn(ctx, id, "status", "APPROVED");
        case "block":
          endSessions(ctx, id);
          return setColumn(ctx, id, "status", "BLOCKED");
        case "mute":
          return setColumn(ctx, id, "activity_status", "MUTED");
        case "unmute":
          return setColumn(ctx, id, "activity_status", "ACTIVE");
        case "disconnect":
          endSessions(ctx, id);
          return memberById(ctx, id);
      }
    })
    .immediate();
}

/** The typings' searchable fields of queryMembers' `search` (at most 4; profile.nickname when none is named). */
const SEARCH_FIELDS = new Set(["loginEmail", "contact.firstName", "contact.lastName", "profile.title", "profile.nickname", "profile.slug"]);
const fold = (v: string) => v.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("fr");

/**
 * queryMembers' plain-text `search`: the expression found anywhere in one of the named fields, ignoring case and
 * accents (how Wix matches is not documented beyond "free text to match in searchable fields").
 */
function searchOf(raw: unknown): ((w: Record<string, unknown>) => boolean) | null {
  const search = asObject(raw);
  if (!search) return null;
  const expression = asString(search.expression)?.trim() ?? "";
  if (!expression) return null;
  if (expression.length > 100)
    throw validationError([{ field: "search.expression", description: "must be at most 100 characters", violatedRule: "MAX_LENGTH" }]);
  const fields = Array.isArray(search.fields) && search.fields.length ? search.fields.map(String) : ["profile.nickname"];
  if (fields.length > 4 || fields.some((f) => !SEARCH_FIELDS.has(f)))
    throw validationError([
      { field: "search.fields", description: `at most 4 of ${[...SEARCH_FIELDS].join(", ")}`, violatedRule: "INVALID_ENUM_VALUE" },
    ]);
  const needle = fold(expression);
  return (w) =>
    fields.some((path) => {
      const value = path.split(".").reduce<unknown>((o, k) => asObject(o)?.[k], w);
      return typeof value === "string" && fold(value).includes(needle);
    });
}

/** Every member matching a members query filter (on the FULL wire shape) and search, sorted; none = all. */
function matching(ctx: Ctx, filter: unknown, sort: unknown = undefined, search: unknown = undefined): MemberRow[] {
  const rows = ctx.db.prepare("SELECT * FROM members").all() as MemberRow[];
  const wired = rows.map((m) => ({ m, w: memberWire(m, "FULL") as Record<string, unknown> }));
  const text = searchOf(search);
  const kept = wired.filter(({ w }) => matchFilter(w, filter) && (!text || text(w)));
  let spec = parseSort(sort);
  if (!spec.length) spec = [{ fieldName: "createdDate", order: "DESC" }];
  const sorted = applySort(
    kept.map(({ m, w }) => ({ ...w, __row: m })),
    spec,
  );
  return sorted.map((x) => (x as unknown as { __row: MemberRow }).__row);
}

function page(rows: MemberRow[], paging: unknown, fieldset: Fieldset) {
  const { limit, offset } = parseOffsetPaging(paging, 100, 50);
  const slice = rows.slice(offset, offset + limit);
  return {
    members: slice.map((m) => memberWire(m, fieldset)),
    metadata: { count: slice.length, offset, total: rows.length, tooManyToCount: false },
  };
}

async function createFromRequest(ctx: Ctx, req: ApiRequest) {
  const member = asObject(req.body.member) ?? {};
  const email = canonicalEmail(asString(member.loginEmail) ?? "") ?? "";
  if (!email)
    throw validationError([
      { field: "member.loginEmail", description: "must be a valid e-mail address", violatedRule: "FORMAT", data: { type: "EMAIL" } },
    ]);
  const contact = asObject(member.contact) ?? {};
  const profile = asObject(member.profile) ?? {};
  const clip = (v: unknown) => asString(v)?.trim().slice(0, 100) || null;
  const violations: FieldViolation[] = [];
  const { phones, addresses } = contactLists(contact, violations);
  if (violations.length) throw validationError(violations);
  // The member sets her password through "mot de passe oublié": this one is never shown to anyone.
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  const created = ctx.db
    .transaction(() => {
      if (ctx.db.prepare("SELECT 1 FROM members WHERE email = ?").get(email)) return null;
      return createMember(ctx, {
        createdBy: OWNER,
        email,
        passwordHash,
        firstName: clip(contact.firstName),
        lastName: clip(contact.lastName),
        nickname: clip(profile.nickname),
        ...(phones ? { phones } : {}),
        ...(addresses ? { addresses } : {}),
        // Created by the owner: her mailbox is proved when she sets her password through the reset link.
        emailVerified: false,
      });
    })
    .immediate();
  if (!created) throw appError(409, "EMAIL_ALREADY_EXISTS", "Un membre existe déjà avec cette adresse e-mail", { email });
  return { member: memberWire(created, "FULL") };
}

function byFilter(ctx: Ctx, req: ApiRequest, what: "delete" | "approve" | "block") {
  const filter = req.body.filter;
  if (asObject(filter) === undefined)
    throw validationError([{ field: "filter", description: "is required", violatedRule: "REQUIRED_FIELD" }]);
  ctx.db
    .transaction(() => {
      for (const m of matching(ctx, filter)) {
        if (what === "delete") {
          deleteMember(ctx, m.id);
          memberEvent(ctx, "deleted", m, OWNER);
        } else act(ctx, m.id, what);
      }
    })
    .immediate();
  // Wix runs these as asynchronous jobs; here the job is done when the answer leaves.
  // A bulk job's id is a GUID on Wix (the typings' jobId, read by the Async Jobs API).
  return { jobId: newId() };
}

function removeContact(ctx: Ctx, id: string, what: "phones" | "emails" | "addresses") {
  memberById(ctx, id);
  // The login e-mail stays: it is how she logs in; only the contact's extra e-mails would go (none kept here).
  const m = what === "emails" ? memberById(ctx, id) : setColumn(ctx, id, what, "[]");
  return { member: memberWire(m, "FULL") };
}

function community(ctx: Ctx, req: ApiRequest, join: boolean) {
  const caller = requireCaller(ctx, req.headers);
  if (!caller.memberId) throw permissionDenied("Cette opération est réservée aux membres connectés");
  return {
    member: memberWire(
      setColumn(ctx, caller.memberId, "privacy_status", join ? "PUBLIC" : "PRIVATE", { memberId: caller.memberId }),
      "FULL",
    ),
  };
}

export function registerMembersAdmin(router: Router, ctx: Ctx): void {
  registerLoginEmailChange(router, ctx);
  const elevated = (name: string, fn: (req: ApiRequest) => unknown) => (req: ApiRequest) => {
    requireElevated(ctx, req.headers, name);
    return fn(req);
  };
  router
    .on("POST", `${BASE}/join-community`, (req) => community(ctx, req, true))
    .on("POST", `${BASE}/leave-community`, (req) => community(ctx, req, false))
    .on(
      "GET",
      BASE,
      elevated("listMembers", (req) =>
        page(matching(ctx, undefined, req.body.sorting), req.body.paging, parseFieldsets(req.body.fieldsets)),
      ),
    )
    .on(
      "POST",
      `${BASE}/query`,
      elevated("queryMembers", (req) => {
        const query = asObject(req.body.query) ?? {};
        return page(
          matching(ctx, query.filter, query.sort ?? query.sorting, req.body.search),
          query.paging,
          parseFieldsets(req.body.fieldsets),
        );
      }),
    )
    .on(
      "POST",
      BASE,
      elevated("createMember", (req) => createFromRequest(ctx, req)),
    )
    .on(
      "POST",
      `${BASE}/bulk/delete`,
      elevated("bulkDeleteMembers", (req) => {
        const ids = req.body.memberIds;
        if (!Array.isArray(ids) || !ids.length || ids.length > 100)
          throw validationError([{ field: "memberIds", description: "must hold 1 to 100 ids", violatedRule: "MAX_SIZE" }]);
        const results = ids.map((raw, i) => {
          const id = String(raw);
          const m = ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(id) as MemberRow | undefined;
          if (m) {
            ctx.db.transaction(() => deleteMember(ctx, id)).immediate();
            memberEvent(ctx, "deleted", m, OWNER);
          }
          return {
            itemMetadata: {
              id,
              originalIndex: i,
              success: !!m,
              ...(m ? {} : { error: { code: "MEMBER_NOT_FOUND", description: "Membre introuvable", data: {} } }),
            },
          };
        });
        const ok = results.filter((r) => r.itemMetadata.success).length;
        return { results, bulkActionMetadata: { totalSuccesses: ok, totalFailures: ids.length - ok, undetailedFailures: 0 } };
      }),
    )
    .on(
      "POST",
      `${BASE}/bulk/delete-by-filter`,
      elevated("bulkDeleteMembersByFilter", (req) => byFilter(ctx, req, "delete")),
    )
    .on(
      "POST",
      `${BASE}/bulk/approve-by-filter`,
      elevated("bulkApproveMembers", (req) => byFilter(ctx, req, "approve")),
    )
    .on(
      "POST",
      `${BASE}/bulk/block-by-filter`,
      elevated("bulkBlockMembers", (req) => byFilter(ctx, req, "block")),
    );
  for (const action of ["mute", "unmute", "approve", "block", "disconnect"] as const)
    router.on(
      "POST",
      `${BASE}/:id/${action}`,
      elevated(`${action}Member`, (req) => ({ member: memberWire(act(ctx, req.params.id!, action), "FULL") })),
    );
  router
    .on(
      "POST",
      `${BASE}/:id/slug`,
      elevated("updateMemberSlug", (req) => ({ member: memberWire(changeSlug(ctx, req.params.id!, req.body.slug, OWNER), "FULL") })),
    )
    .on(
      "DELETE",
      `${BASE}/:id`,
      elevated("deleteMember", (req) => {
        const m = memberById(ctx, req.params.id!);
        ctx.db.transaction(() => deleteMember(ctx, m.id)).immediate();
        memberEvent(ctx, "deleted", m, OWNER);
        return {};
      }),
    );
  for (const what of ["phones", "emails", "addresses"] as const)
    router.on(
      "DELETE",
      `${BASE}/:id/${what}`,
      elevated(`deleteMember${what}`, (req) => removeContact(ctx, req.params.id!, what)),
    );
}

/** Shared with the member's own slug call: lowercase letters, digits and hyphens, unique. */
