// members.authentication.changeLoginEmail (Wix's MembersService.ChangeLoginEmail, PATCH
// /api/v1/members/{id}/change-login-email): a member changes her own login e-mail (the owner's elevated client, any
// member's). Wix's method asks for nothing else and sends nothing: the site that wants the new address proved (the
// app's account page) has the member log in with it, and a changed address not proved yet must be proved by the
// e-mailed code at that login, whatever the sign-up policy (identity.ts's mustProveMailbox).
import type { Ctx } from "../core/context";
import { requireCaller } from "../core/context";
import { nowIso } from "../core/db";
import { canonicalEmail } from "../core/email";
import { isElevated } from "../core/elevated";
import type { Router } from "../core/http";
import { appError, asString, notFound, permissionDenied, validationError } from "../core/http";
import type { MemberRow } from "./members";
import { memberById, memberEvent } from "./members";

export function registerLoginEmailChange(router: Router, ctx: Ctx): void {
  router.on("PATCH", "/api/v1/members/:id/change-login-email", (req) => {
    const elevated = isElevated(ctx, req.headers);
    const id = req.params.id ?? "";
    if (!elevated && requireCaller(ctx, req.headers).memberId !== id)
      throw permissionDenied("Un membre ne peut changer que sa propre adresse de connexion");
    // The typings' @format EMAIL; kept in its canonical form like every login e-mail (core/email.ts).
    const email = canonicalEmail(asString(req.body.newEmail) ?? "");
    if (!email)
      throw validationError([
        { field: "newEmail", description: "n'est pas une adresse e-mail valide", violatedRule: "FORMAT", data: { type: "EMAIL" } },
      ]);
    const member = ctx.db
      .transaction(() => {
        const before = memberById(ctx, id);
        if (before.email === email) return before;
        const taken = ctx.db.prepare("SELECT 1 FROM members WHERE email = ? AND id <> ?").get(email, id);
        if (taken) throw appError(409, "EMAIL_ALREADY_EXISTS", "Un membre existe déjà avec cette adresse e-mail", { email });
        // The new mailbox is not proved: no guest order joins it, the app does not take it for the owner's, and the
        // next login with it waits for the e-mailed code.
        const changed = ctx.db
          .prepare("UPDATE members SET email = ?, email_verified = 0, email_changed = 1, updated_date = ? WHERE id = ?")
          .run(email, nowIso(), id);
        if (!changed.changes) throw notFound("MEMBER_NOT_FOUND", "Membre introuvable", { id });
        const after = memberById(ctx, id);
        memberEvent(ctx, "updated", after, elevated ? { owner: true } : { memberId: id });
        return after;
      })
      .immediate();
    return { member: smMemberWire(member) };
  });
}

const SM_STATUS: Record<string, string> = { APPROVED: "ACTIVE", PENDING: "APPLICANT", BLOCKED: "BLOCKED" };

/**
 * The member as this module's typings give it (auto_sdk_members_authentication `Member`, the site-members service's
 * own shape, not the Members API's): flat names, `street` for the address line, dates named creationDate and
 * lastUpdateDate.
 */
function smMemberWire(m: MemberRow) {
  const addresses = (
    JSON.parse(m.addresses) as { addressLine?: string; city?: string; subdivision?: string; country?: string; postalCode?: string }[]
  ).map((a) => ({
    ...(a.addressLine ? { street: a.addressLine } : {}),
    ...(a.city ? { city: a.city } : {}),
    ...(a.subdivision ? { region: a.subdivision } : {}),
    ...(a.country ? { country: a.country } : {}),
    ...(a.postalCode ? { postalCode: a.postalCode } : {}),
  }));
  return {
    id: m.id,
    loginEmail: m.email,
    ...(m.first_name ? { firstName: m.first_name } : {}),
    ...(m.last_name ? { lastName: m.last_name } : {}),
    ...(m.nickname ? { nickname: m.nickname } : {}),
    profilePrivacyStatus: m.privacy_status === "PUBLIC" ? "PUBLIC" : "PRIVATE",
    slug: m.slug,
    status: SM_STATUS[m.status] ?? "UNDEFINED_STATUS",
    creationDate: m.created_date,
    lastUpdateDate: m.updated_date,
    ...(m.last_login_date ? { lastLoginDate: m.last_login_date } : {}),
    emails: [m.email],
    phones: JSON.parse(m.phones) as string[],
    addresses,
    customFields: [],
    contactId: m.contact_id,
    requireProfileCompletion: false,
  };
}
