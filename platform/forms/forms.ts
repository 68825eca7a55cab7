// Wix Forms submissions (@wix/forms `submissions`): a visitor's contact / quote request. The platform holds one form,
// the site's contact form, validates a submission against its fields like Wix Forms does, stores it, e-mails the
// owner (new submission) and the sender (acknowledgement: once a day per mailbox, quoting the request only to an
// address its sender proved) through the mail transport, and lists submissions for the
// owner (elevated: the site's API key or the owner token, never a visitor's or member's token).
import type { Ctx } from "../core/context";
import { newId, requireCaller } from "../core/context";
import type { MailMessage } from "../core/mail";
import { deliver } from "../core/mail";
import { isElevated } from "../core/elevated";
import type { Router } from "../core/http";
import { appError, asObject, notFound, permissionDenied, unauthenticated, UNSAFE_TEXT_RE } from "../core/http";
import { canonicalEmail } from "../core/email";
import { recentMailboxEvents, recordMailboxEvent } from "../core/mailbox-events";

/** The contact form's id: the app's CONTACT_FORM_ID default, so the embedded demo works without configuration. */
export const CONTACT_FORM_ID = "8f1c2d3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f";
export const CONTACT_FORM_NAMESPACE = "wix.form_app.form";
/** Contact requests always reach someone: without an owner address configured, the demo's. */
const DEFAULT_OWNER_EMAIL = "proprietaire@exemple.fr";
export const SUBJECTS = ["conseil", "formation", "audit", "autre"] as const;

interface FieldSpec {
  required: boolean;
  max: number;
  multiline?: boolean;
  email?: boolean;
  options?: readonly string[];
}

/** Field targets of the contact form (the keys of `submissions`); a Wix site's form must use the same targets. */
const CONTACT_FIELDS: Record<string, FieldSpec> = {
  name: { required: true, max: 120 },
  email: { required: true, max: 254, email: true },
  company: { required: false, max: 120 },
  phone: { required: false, max: 30 },
  subject: { required: true, max: 20, options: SUBJECTS },
  message: { required: true, max: 5000, multiline: true },
  budget: { required: false, max: 120 },
  dates: { required: false, max: 120 },
  product: { required: false, max: 200 },
};

interface SubmissionError {
  errorPath: string;
  errorType: "REQUIRED_VALUE_ERROR" | "MAX_LENGTH_ERROR" | "UNKNOWN_VALUE_ERROR" | "TYPE_ERROR" | "FORMAT_ERROR" | "ENUM_ERROR";
  errorMessage: string;
  params: Record<string, unknown>;
}

function validate(values: Record<string, unknown>): { clean: Record<string, string>; errors: SubmissionError[] } {
  const clean = Object.create(null) as Record<string, string>;
  const errors: SubmissionError[] = [];
  for (const key of Object.keys(values)) {
    if (!Object.hasOwn(CONTACT_FIELDS, key))
      errors.push({ errorPath: key, errorType: "UNKNOWN_VALUE_ERROR", errorMessage: `unknown field '${key}'`, params: { property: key } });
  }
  for (const [key, spec] of Object.entries(CONTACT_FIELDS)) {
    const raw = values[key];
    if (raw === undefined || raw === null || raw === "") {
      if (spec.required)
        errors.push({ errorPath: key, errorType: "REQUIRED_VALUE_ERROR", errorMessage: `'${key}' is required`, params: {} });
      continue;
    }
    if (typeof raw !== "string") {
      errors.push({ errorPath: key, errorType: "TYPE_ERROR", errorMessage: `'${key}' must be a string`, params: { type: "string" } });
      continue;
    }
    const value = raw.trim();
    const unsafe = spec.multiline ? value.replace(/[\n\t\r]/g, " ") : value;
    if (UNSAFE_TEXT_RE.test(unsafe))
      errors.push({ errorPath: key, errorType: "FORMAT_ERROR", errorMessage: `'${key}' contains control characters`, params: {} });
    else if (value.length > spec.max)
      errors.push({ errorPath: key, errorType: "MAX_LENGTH_ERROR", errorMessage: `'${key}' is too long`, params: { maxLength: spec.max } });
    // One plain address (core/email.ts): `"x" <a@b.fr>`, `a@b.fr, c@d.fr` and look-alike tricks are not one.
    else if (spec.email && !canonicalEmail(value))
      errors.push({ errorPath: key, errorType: "FORMAT_ERROR", errorMessage: `'${key}' must be an email`, params: { format: "email" } });
    else if (spec.options && !spec.options.includes(value))
      errors.push({
        errorPath: key,
        errorType: "ENUM_ERROR",
        errorMessage: `'${key}' must be one of the options`,
        params: { allowed: spec.options },
      });
    else clean[key] = value;
  }
  return { clean, errors };
}

interface Row {
  id: string;
  form_id: string;
  namespace: string;
  status: string;
  submissions: string;
  submitter: string;
  created_date: string;
  seen: number;
  deleted_date: string | null;
}

function toWire(r: Row) {
  return {
    id: r.id,
    formId: r.form_id,
    namespace: r.namespace,
    status: r.status,
    submissions: JSON.parse(r.submissions) as Record<string, string>,
    createdDate: r.created_date,
    updatedDate: r.created_date,
    revision: "1",
    submitter: JSON.parse(r.submitter) as Record<string, string>,
    seen: r.seen === 1,
  };
}

const SUBJECT_LABELS: Record<string, string> = { conseil: "Conseil", formation: "Formation", audit: "Audit", autre: "Autre" };

/** Acknowledgements a mailbox gets in a day, whatever its +tag: the form cannot be used to flood someone. */
export const ACKNOWLEDGEMENTS_PER_DAY = 1;

/**
 * Whether the sender proved `email` is theirs: a member whose login address it is, proved (sign-up code, reset link).
 * Only then may the acknowledgement quote what the sender wrote: otherwise anyone could make the shop send their text
 * and links, under its own name, to whomever they type.
 */
function provedBySender(ctx: Ctx, memberId: string | undefined, email: string): boolean {
  if (!memberId) return false;
  const member = ctx.db.prepare("SELECT email, email_verified FROM members WHERE id = ?").get(memberId) as
    { email: string; email_verified: number } | undefined;
  return !!member && member.email_verified === 1 && member.email === canonicalEmail(email);
}

function mails(ctx: Ctx, id: string, v: Record<string, string>, now: string, proved: boolean): MailMessage[] {
  const lines = [
    `Nom : ${v.name}`,
    `E-mail : ${v.email}`,
    ...(v.company ? [`Société : ${v.company}`] : []),
    ...(v.phone ? [`Téléphone : ${v.phone}`] : []),
    `Sujet : ${SUBJECT_LABELS[v.subject!] ?? v.subject}`,
    ...(v.product ? [`Prestation : ${v.product}`] : []),
    ...(v.budget ? [`Budget : ${v.budget}`] : []),
    ...(v.dates ? [`Dates souhaitées : ${v.dates}`] : []),
    "",
    v.message!,
  ];
  return [
    {
      id: newId(),
      createdAt: now,
      kind: "form-submission",
      to: ctx.opts.ownerEmail ?? DEFAULT_OWNER_EMAIL,
      subject: `Nouvelle demande de contact : ${SUBJECT_LABELS[v.subject!]} — ${v.name}`,
      text: `Une nouvelle demande est arrivée par le formulaire de contact.\n\n${lines.join("\n")}`,
      links: [],
      data: { submissionId: id, replyTo: v.email! },
    },
    {
      id: newId(),
      createdAt: now,
      kind: "form-acknowledgement",
      to: v.email!,
      subject: "Votre demande a bien été reçue",
      // Nothing the sender chose, unless the address is theirs: only the shop's own words.
      text: proved
        ? `Bonjour ${v.name},\n\nMerci pour votre message : je l'ai bien reçu et je vous réponds sous deux jours ouvrés.\n\nVotre demande :\n${lines.join("\n")}`
        : "Bonjour,\n\nUne demande de contact a été envoyée depuis le site avec votre adresse e-mail : elle a bien été reçue, " +
          "je réponds sous deux jours ouvrés.\n\nSi vous n'avez rien envoyé, ignorez ce message.",
      links: [],
      data: { submissionId: id },
    },
  ];
}

function isOwner(ctx: Ctx, headers: Headers): boolean {
  const raw = headers
    .get("authorization")
    ?.trim()
    .replace(/^bearer\s+/i, "");
  return !!ctx.opts.ownerToken && !!raw && raw === ctx.opts.ownerToken;
}

export function registerForms(api: Router, ctx: Ctx): void {
  const base = "/form-submission-service/v4/submissions";
  const create = (req: { headers: Headers; body: Record<string, unknown> }) => {
    const caller = requireCaller(ctx, req.headers);
    const submission = asObject(req.body.submission);
    if (!submission) throw appError(400, "INVALID_ARGUMENT", "submission est obligatoire");
    if (submission.formId !== CONTACT_FORM_ID) throw notFound("FORM_NOT_FOUND", "Formulaire introuvable", { formId: submission.formId });
    const { clean, errors } = validate(asObject(submission.submissions) ?? {});
    if (errors.length)
      throw appError(400, "SUBMISSION_VALIDATION", "La soumission ne respecte pas le formulaire", { submissionErrors: errors });
    const now = new Date().toISOString();
    const id = newId();
    const submitter = caller.memberId ? { memberId: caller.memberId } : { visitorId: caller.visitorId };
    ctx.db
      .prepare(
        "INSERT INTO form_submissions (id, form_id, namespace, status, submissions, submitter, created_date) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(id, CONTACT_FORM_ID, CONTACT_FORM_NAMESPACE, "CONFIRMED", JSON.stringify(clean), JSON.stringify(submitter), now);
    const [toOwner, acknowledgement] = mails(ctx, id, clean, now, provedBySender(ctx, caller.memberId ?? undefined, clean.email!));
    deliver(ctx.mail, toOwner!);
    if (recentMailboxEvents(ctx, clean.email!, "acknowledgement") < ACKNOWLEDGEMENTS_PER_DAY) {
      recordMailboxEvent(ctx, clean.email!, "acknowledgement");
      deliver(ctx.mail, acknowledgement!);
    }
    return { submission: toWire(ctx.db.prepare("SELECT * FROM form_submissions WHERE id = ?").get(id) as Row) };
  };
  const list = (req: { headers: Headers; body: Record<string, unknown> }) => {
    if (!req.headers.get("authorization")) throw unauthenticated();
    // Reading submissions is an owner permission (Manage Submissions): a visitor's or member's token is refused.
    if (!isElevated(ctx, req.headers) && !isOwner(ctx, req.headers))
      throw permissionDenied("La lecture des soumissions est réservée au propriétaire du site");
    const query = asObject(req.body.query) ?? {};
    const filter = asObject(query.filter) ?? {};
    const ns = filter.namespace;
    const namespace = typeof ns === "string" ? ns : (asObject(ns)?.$eq as string | undefined);
    if (!namespace) throw appError(400, "INVALID_ARGUMENT", "query.filter.namespace est obligatoire");
    const limit = Math.min(Math.max(Number(asObject(query.cursorPaging)?.limit ?? 50) || 50, 1), 100);
    // The trash bin's submissions are not listed: listDeletedSubmissions reads them.
    const rows = ctx.db
      .prepare("SELECT * FROM form_submissions WHERE namespace = ? AND deleted_date IS NULL ORDER BY seq DESC LIMIT ?")
      .all(namespace, limit) as Row[];
    // `metadata`: what the SDK's querySubmissionsByNamespace reads (its pagingMetadata = data.metadata).
    return { submissions: rows.map(toWire), metadata: { count: rows.length, cursors: {}, hasNext: false } };
  };
  const owner = (headers: Headers, what: string) => {
    if (!headers.get("authorization")) throw unauthenticated();
    if (!isElevated(ctx, headers) && !isOwner(ctx, headers)) throw permissionDenied(`${what} : réservé au propriétaire du site`);
  };
  const byId = (id: string, deleted: boolean) => {
    const row = ctx.db.prepare("SELECT * FROM form_submissions WHERE id = ?").get(id) as Row | undefined;
    if (!row || (row.deleted_date !== null) !== deleted)
      throw notFound("SUBMISSION_NOT_FOUND", `Soumission introuvable : ${id}`, { submissionId: id });
    return row;
  };
  // bulkMarkSubmissionsAsSeen: the owner has read (handled) these requests. Wix runs it as a job; here it is done at once.
  const markSeen = (req: { headers: Headers; body: Record<string, unknown> }) => {
    owner(req.headers, "bulkMarkSubmissionsAsSeen");
    const ids = req.body.ids;
    if (!Array.isArray(ids) || !ids.length || ids.length > 100 || !ids.every((i) => typeof i === "string"))
      throw appError(400, "INVALID_ARGUMENT", "ids : 1 à 100 identifiants");
    if (req.body.formId !== CONTACT_FORM_ID) throw notFound("FORM_NOT_FOUND", "Formulaire introuvable", { formId: req.body.formId });
    const mark = ctx.db.prepare("UPDATE form_submissions SET seen = 1 WHERE id = ? AND form_id = ?");
    ctx.db.transaction(() => ids.forEach((id) => mark.run(id, CONTACT_FORM_ID)))();
    return { jobId: newId() };
  };
  // deleteSubmission: to the trash bin (restorable), or for good with `permanent`.
  const remove = (req: { headers: Headers; params: Record<string, string>; query: URLSearchParams; body: Record<string, unknown> }) => {
    owner(req.headers, "deleteSubmission");
    const id = req.params.submissionId!;
    byId(id, false);
    const permanent = req.query.get("permanent") === "true" || req.body.permanent === true;
    if (permanent) ctx.db.prepare("DELETE FROM form_submissions WHERE id = ?").run(id);
    else ctx.db.prepare("UPDATE form_submissions SET deleted_date = ? WHERE id = ?").run(new Date().toISOString(), id);
    return {};
  };
  const restore = (req: { headers: Headers; params: Record<string, string> }) => {
    owner(req.headers, "restoreSubmissionFromTrashBin");
    const id = req.params.submissionId!;
    byId(id, true);
    ctx.db.prepare("UPDATE form_submissions SET deleted_date = NULL WHERE id = ?").run(id);
    return { submission: toWire(byId(id, false)) };
  };
  const trash = (req: { headers: Headers; query: URLSearchParams }) => {
    owner(req.headers, "listDeletedSubmissions");
    if (req.query.get("formId") !== CONTACT_FORM_ID)
      throw notFound("FORM_NOT_FOUND", "Formulaire introuvable", { formId: req.query.get("formId") });
    const limit = Math.min(Math.max(Number(req.query.get("paging.limit") ?? 100) || 100, 1), 100);
    const rows = ctx.db
      .prepare("SELECT * FROM form_submissions WHERE form_id = ? AND deleted_date IS NOT NULL ORDER BY seq DESC LIMIT ?")
      .all(CONTACT_FORM_ID, limit) as Row[];
    return { submissions: rows.map(toWire), pagingMetadata: { count: rows.length, offset: 0, total: rows.length, hasNext: false } };
  };
  api.on("POST", base, create).on("POST", `/_api${base}`, create);
  api.on("POST", `${base}/namespace/query`, list).on("POST", `/_api${base}/namespace/query`, list);
  api.on("POST", "/form-submission-service/v4/bulk/submissions/mark-as-seen", markSeen);
  api.on("GET", `${base}/trash-bin`, trash);
  api.on("POST", `${base}/trash-bin/:submissionId/restore`, restore);
  api.on("DELETE", `${base}/:submissionId`, remove);
}

/** The owner's view of the submissions, newest first (for the back-office and tests). */
export function listSubmissions(ctx: Ctx, limit = 100) {
  return (ctx.db.prepare("SELECT * FROM form_submissions ORDER BY seq DESC LIMIT ?").all(limit) as Row[]).map(toWire);
}
