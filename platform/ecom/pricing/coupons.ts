// Wix's Coupons API (`@wix/marketing` coupons, REST /stores/v2/coupons): the owner creates a coupon (an amount or a
// percentage off, on the whole store or above a minimum subtotal, with its dates and limits of use), pauses it
// (`specification.active`), deletes it, and lists them with their uses. Elevated identity only. The cart and the
// checkout read the same rows (pricing.ts `findCoupon`, `couponRefusal`; coupon-limits.ts).
import { randomUUID } from "node:crypto";
import type { Ctx } from "../../core/context";
import { requireElevated } from "../../core/elevated";
import { asObject, asString, notFound, validationError, type ApiRequest, type FieldViolation, type Router } from "../../core/http";
import { applySort, matchFilter, parseOffsetPaging, parseSort } from "../../core/query";
import { couponUses } from "./coupon-limits";
import type { CouponRec } from "./pricing";

const CODE_MAX = 20;
const NAME_MAX = 100;

type CouponRow = CouponRec & { date_created: string | null };

/** A time as Wix's coupons carry it: milliseconds since 1970, as text. */
const msText = (v: unknown): string | null => {
  const n = typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : typeof v === "number" && Number.isInteger(v) ? v : NaN;
  return Number.isFinite(n) && n >= 0 ? String(n) : null;
};

/** The Coupon object (the typings' Coupon and Specification). */
function couponWire(ctx: Ctx, c: CouponRow) {
  const percent = c.type === "PERCENT";
  return {
    id: c.id,
    specification: {
      ...(c.minimum_subtotal !== null ? { minimumSubtotal: c.minimum_subtotal } : { scope: { namespace: "stores" } }),
      ...(percent ? { percentOffRate: c.value } : { moneyOffAmount: c.value }),
      name: c.name,
      code: c.code,
      startTime: c.start_time ?? c.date_created ?? "0",
      ...(c.expiration_time ? { expirationTime: c.expiration_time } : {}),
      ...(c.usage_limit !== null ? { usageLimit: c.usage_limit } : {}),
      ...(c.limit_per_customer !== null ? { limitPerCustomer: c.limit_per_customer } : {}),
      limitedToOneItem: false,
      appliesToSubscriptions: false,
      active: !!c.active,
      type: percent ? "PercentOffRate" : "MoneyOffAmount",
    },
    dateCreated: c.date_created ?? "0",
    expired: !!c.expiration_time && Date.now() > Number(c.expiration_time),
    numberOfUsages: couponUses(ctx, c.id),
  };
}

const positive = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v > 0;
const count = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 1_000_000;

/**
 * A specification to store: the fields Create Coupon requires (name, code, startTime, one discount, scope or
 * minimumSubtotal), each violation named by its path. `current` is the coupon being updated (its fields stand).
 */
function readSpecification(ctx: Ctx, raw: unknown, current?: CouponRow) {
  const spec = asObject(raw) ?? {};
  const violations: FieldViolation[] = [];
  const bad = (field: string, description: string, violatedRule = "VALIDATION") =>
    violations.push({ field: `specification.${field}`, description, violatedRule });
  const name = "name" in spec ? (asString(spec.name)?.trim() ?? "") : (current?.name ?? "");
  if (!name || name.length > NAME_MAX) bad("name", `must be 1 to ${NAME_MAX} characters`, "REQUIRED_FIELD");
  const code = "code" in spec ? (asString(spec.code)?.trim() ?? "") : (current?.code ?? "");
  if (!code || code.length > CODE_MAX) bad("code", `must be 1 to ${CODE_MAX} characters`, "MAX_LENGTH");
  else {
    const taken = ctx.db.prepare("SELECT id FROM coupons WHERE code = ?").get(code) as { id: string } | undefined;
    if (taken && taken.id !== current?.id) bad("code", "must be unique on the site", "UNIQUE");
  }
  const start = "startTime" in spec ? msText(spec.startTime) : (current?.start_time ?? null);
  if (!start && !current) bad("startTime", "must be a time", "REQUIRED_FIELD");
  const end =
    "expirationTime" in spec ? (spec.expirationTime === null ? null : msText(spec.expirationTime)) : (current?.expiration_time ?? null);
  if ("expirationTime" in spec && spec.expirationTime !== null && !end) bad("expirationTime", "must be a time", "FORMAT");
  if (start && end && Number(end) <= Number(start)) bad("expirationTime", "must be after startTime");
  const kinds = ["moneyOffAmount", "percentOffRate", "fixedPriceAmount", "buyXGetY", "freeShipping"].filter((k) => k in spec);
  let type = current?.type ?? null;
  let value = current?.value ?? 0;
  if (kinds.length > 1) bad(kinds[1]!, "only one coupon type may be set");
  else if (kinds[0] === "moneyOffAmount" || kinds[0] === "percentOffRate") {
    const v = spec[kinds[0]];
    if (!positive(v) || (kinds[0] === "percentOffRate" && (v as number) > 100))
      bad(kinds[0], "must be a positive number (100 at most for a rate)");
    else if (current && current.type !== (kinds[0] === "percentOffRate" ? "PERCENT" : "AMOUNT"))
      bad(kinds[0], "the coupon's type cannot change");
    else [type, value] = [kinds[0] === "percentOffRate" ? "PERCENT" : "AMOUNT", v as number];
  } else if (kinds[0]) bad(kinds[0], "is not available on this platform (platform/README.md)");
  else if (!current) bad("moneyOffAmount", "one coupon type must be set", "REQUIRED_FIELD");
  if ("scope" in spec && "minimumSubtotal" in spec && spec.minimumSubtotal !== null) bad("scope", "scope and minimumSubtotal are one of");
  const scope = asObject(spec.scope);
  if (scope && scope.namespace !== "stores") bad("scope.namespace", "only stores coupons are available here");
  let minimum = current?.minimum_subtotal ?? null;
  if ("minimumSubtotal" in spec && spec.minimumSubtotal !== null) {
    if (!positive(spec.minimumSubtotal)) bad("minimumSubtotal", "must be a positive number");
    else minimum = spec.minimumSubtotal as number;
  } else if (scope) minimum = null;
  if (!current && !scope && !("minimumSubtotal" in spec)) bad("scope", "scope or minimumSubtotal must be set", "REQUIRED_FIELD");
  const limit = (field: "usageLimit" | "limitPerCustomer", now: number | null) => {
    if (!(field in spec)) return now;
    if (spec[field] === null) return null;
    if (!count(spec[field])) bad(field, "must be a whole number from 1");
    return spec[field] as number;
  };
  const usageLimit = limit("usageLimit", current?.usage_limit ?? null);
  const limitPerCustomer = limit("limitPerCustomer", current?.limit_per_customer ?? null);
  const active = typeof spec.active === "boolean" ? spec.active : current ? !!current.active : true;
  if (violations.length) throw validationError(violations);
  return { name, code, start, end, type: type!, value, minimum, usageLimit, limitPerCustomer, active };
}

function couponOr404(ctx: Ctx, id: string): CouponRow {
  const row = ctx.db.prepare("SELECT * FROM coupons WHERE id = ?").get(id) as CouponRow | undefined;
  if (!row) throw notFound("COUPON_NOT_FOUND", `Code promo introuvable : ${id}`, { id });
  return row;
}

function createCoupon(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "Create Coupon");
  const s = readSpecification(ctx, req.body.specification);
  const id = randomUUID();
  ctx.db
    .prepare(
      `INSERT INTO coupons (id, code, name, type, value, usage_limit, limit_per_customer, active, start_time, expiration_time,
        minimum_subtotal, date_created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      s.code,
      s.name,
      s.type,
      s.value,
      s.usageLimit,
      s.limitPerCustomer,
      s.active ? 1 : 0,
      s.start,
      s.end,
      s.minimum,
      String(Date.now()),
    );
  return { id };
}

function updateCoupon(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "Update Coupon");
  const current = couponOr404(ctx, req.params.id!);
  const s = readSpecification(ctx, req.body.specification, current);
  ctx.db
    .prepare(
      `UPDATE coupons SET code = ?, name = ?, type = ?, value = ?, usage_limit = ?, limit_per_customer = ?, active = ?,
        start_time = ?, expiration_time = ?, minimum_subtotal = ? WHERE id = ?`,
    )
    .run(s.code, s.name, s.type, s.value, s.usageLimit, s.limitPerCustomer, s.active ? 1 : 0, s.start, s.end, s.minimum, current.id);
  return {};
}

function deleteCoupon(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "Delete Coupon");
  const current = couponOr404(ctx, req.params.id!);
  ctx.db.prepare("DELETE FROM coupons WHERE id = ?").run(current.id);
  return {};
}

/** The query's filter and sort are JSON text ("Filter string", "Sort string" of the typings). */
function jsonText(v: unknown, field: string): unknown {
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v !== "string" || v.length > 4000)
    throw validationError([{ field, description: "must be JSON text", violatedRule: "FORMAT" }]);
  try {
    return JSON.parse(v);
  } catch {
    throw validationError([{ field, description: "must be JSON text", violatedRule: "FORMAT" }]);
  }
}

function queryCoupons(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "Query Coupons");
  const query = asObject(req.body.query) ?? {};
  const filter = jsonText(query.filter, "query.filter");
  const sort = jsonText(query.sort, "query.sort");
  const paging = parseOffsetPaging(query.paging, 100, 50);
  const rows = ctx.db.prepare("SELECT * FROM coupons").all() as CouponRow[];
  const wires = rows.map((r) => couponWire(ctx, r)).filter((c) => matchFilter(c, filter ?? {}));
  const sorted = sort ? applySort(wires, parseSort(sort)) : wires.sort((a, b) => Number(b.dateCreated) - Number(a.dateCreated));
  return { coupons: sorted.slice(paging.offset, paging.offset + paging.limit), totalResults: sorted.length };
}

export function registerCoupons(router: Router, ctx: Ctx): void {
  router.on("POST", "/stores/v2/coupons", (req) => createCoupon(ctx, req));
  router.on("POST", "/stores/v2/coupons/query", (req) => queryCoupons(ctx, req));
  router.on("PATCH", "/stores/v2/coupons/:id", (req) => updateCoupon(ctx, req));
  router.on("DELETE", "/stores/v2/coupons/:id", (req) => deleteCoupon(ctx, req));
}
