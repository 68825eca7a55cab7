// authentication.changePassword (Wix's headless ChangePassword, IAM.CHANGE_PASSWORD): the logged-in member sets a new
// password; the session stays valid. Wix's method takes the new password only: a site that wants the current one
// first checks it itself with loginV2 (the app's account page does), so nothing here asks for it.
import type { Ctx } from "../core/context";
import { requireCaller } from "../core/context";
import { nowIso } from "../core/db";
import type { Router } from "../core/http";
import { asString, notFound, permissionDenied } from "../core/http";
import { hashPassword } from "../members/members";
import { refuseWeakPassword } from "./password-rules";

export function registerPasswordChange(router: Router, ctx: Ctx): void {
  router.on("POST", "/_api/iam/authentication/v2/change-password", async (req) => {
    const caller = requireCaller(ctx, req.headers);
    if (!caller.memberId) throw permissionDenied("Cette opération est réservée aux membres connectés");
    const password = asString(req.body.newPassword) ?? "";
    refuseWeakPassword("newPassword", password);
    const hash = await hashPassword(password);
    const changed = ctx.db
      .prepare("UPDATE members SET password_hash = ?, updated_date = ? WHERE id = ?")
      .run(hash, nowIso(), caller.memberId);
    if (!changed.changes) throw notFound("MEMBER_NOT_FOUND", "Membre introuvable");
    return {};
  });
}
