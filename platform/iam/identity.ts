// Member accounts through the SDK's direct flow (OAuthStrategy.register/login/processVerification/
// sendPasswordResetEmail → the IAM endpoints), plus what the hosted pages share with it: lock-out after repeated
// failures (per account and client), single-use session tokens for the `prompt=none` authorize, e-mail verification codes and reset links.
//
// Error shapes are chosen for what OAuthStrategy does with them (node_modules/@wix/sdk/build/auth/oauth2/OAuthStrategy.js):
// login reads `e.details.applicationError.code` without `?.`, so /v2/login never answers a validationError.
import type { Ctx } from "../core/context";
import { randomToken, requireCaller } from "../core/context";
import { nowIso, nowSeconds } from "../core/db";
import type { Router } from "../core/http";
import { appError, asObject, asString, refuseUnsafeText, validationError } from "../core/http";
import { claimGuestOrders } from "./order-claims";
import type { MemberRow } from "../members/members";
import { checkCredentials } from "../members/members";
import { canonicalEmail } from "../core/email";
import { codeHash, newCode, sameHash, sendCode, VERIFICATION_MAX_ATTEMPTS, VERIFICATION_TTL_SECONDS } from "./codes";
import { completeSignup, startSignup, type SignupInput } from "./signup";
import { startPasswordReset } from "./password-reset";
import { clearLoginFailures, lockRemainingSeconds, recordLoginFailure } from "./login-throttle";
import { checkAllowedUrl } from "../core/allowed-urls";
import { mailboxLocked, mayEmailCode, recordWrongCode } from "./mailbox-codes";
import { registerPasswordChange } from "./password-change";
import { refuseWeakPassword } from "./password-rules";

// Login and sign-up answer only the IAM codes Wix sends, the ones OAuthStrategy knows
// (node_modules/@wix/sdk/build/auth/oauth2/constants.js). Nothing else is invented: a weak password is a field
// violation on `password`, a missing e-mail the same -19976 as a wrong password.
export const IAM_ERRORS = {
  INVALID_PASSWORD: "-19976", // login → errorCode "invalidPassword" (also unknown e-mail and blocked member: no enumeration)
  EMAIL_EXISTS: "-19995", // register → errorCode "emailAlreadyExists": never sent, a taken address gets the code step (decision 0029)
  RESET_PASSWORD: "-19973", // login → errorCode "resetPassword" (never sent here: no forced reset)
  MISSING_CAPTCHA: "-19971", // login after repeated failures from this client → errorCode "missingCaptchaToken"
  INVALID_CAPTCHA: "-19970", // a captcha token sent while one is required (none can be checked here) → "invalidCaptchaToken"
} as const;

// processVerification has no code in the SDK: these two are this platform's choices (see README, not confirmed).
export const VERIFICATION_ERRORS = {
  INVALID_VERIFICATION_CODE: "INVALID_VERIFICATION_CODE",
  VERIFICATION_EXPIRED: "VERIFICATION_EXPIRED",
} as const;

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "./password-rules";
export const SESSION_TOKEN_TTL_SECONDS = 5 * 60;
export { VERIFICATION_MAX_ATTEMPTS, VERIFICATION_TTL_SECONDS };

export type LoginOutcome =
  | { kind: "locked"; retryAfterSeconds: number }
  | { kind: "invalid-credentials" }
  | { kind: "blocked"; member: MemberRow }
  | { kind: "pending"; member: MemberRow }
  | { kind: "unverified"; member: MemberRow }
  | { kind: "ok"; member: MemberRow };

/**
 * Whether this account must prove its mailbox before logging in. Being allowed to log in (`status`) and having
 * proved the mailbox (`email_verified`) are kept apart: every sign-up is proved before the account exists
 * (signup.ts), so only accounts made otherwise (by the owner, before this rule) can be unproved, and only the
 * "verify-email" policy makes them prove it at login; unproved, they log in but no guest order joins them. A login
 * e-mail the member changed (members/login-email.ts) is proved at login under every policy, as Wix does for a site
 * that requires e-mail verification: the change itself asks for no proof.
 */
export function mustProveMailbox(ctx: Ctx, member: MemberRow): boolean {
  return member.email_verified === 0 && (ctx.opts.signupPolicy === "verify-email" || member.email_changed === 1);
}

/** Checks a password login from `client` (its address), counting failures; used by /v2/login and the hosted login page. */
export async function attemptLogin(ctx: Ctx, email: string, password: string, client: string): Promise<LoginOutcome> {
  const locked = lockRemainingSeconds(ctx, email, client);
  if (locked > 0) return { kind: "locked", retryAfterSeconds: locked };
  const member = await checkCredentials(ctx, email, password);
  if (!member) {
    recordLoginFailure(ctx, email, client);
    return { kind: "invalid-credentials" };
  }
  clearLoginFailures(ctx, member.email);
  if (member.status === "BLOCKED") return { kind: "blocked", member };
  if (mustProveMailbox(ctx, member)) return { kind: "unverified", member };
  if (member.status === "PENDING") return { kind: "pending", member };
  return { kind: "ok", member };
}

// ---------------------------------------------------------------- session tokens (prompt=none authorize)

export function issueSessionToken(ctx: Ctx, memberId: string): string {
  const token = randomToken();
  ctx.db.prepare("DELETE FROM session_tokens WHERE expires_at < ?").run(nowSeconds() - 3600);
  ctx.db
    .prepare("INSERT INTO session_tokens (token, member_id, expires_at) VALUES (?, ?, ?)")
    .run(token, memberId, nowSeconds() + SESSION_TOKEN_TTL_SECONDS);
  return token;
}

/** Uses up a session token; returns its member when it was valid and the member may log in. */
export function consumeSessionToken(ctx: Ctx, token: string | undefined): string | null {
  if (!token) return null;
  return ctx.db
    .transaction(() => {
      const row = ctx.db.prepare("SELECT * FROM session_tokens WHERE token = ?").get(token) as
        { member_id: string; expires_at: number; used: number } | undefined;
      if (!row || row.used || row.expires_at < nowSeconds()) return null;
      ctx.db.prepare("UPDATE session_tokens SET used = 1 WHERE token = ?").run(token);
      const m = ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(row.member_id) as MemberRow | undefined;
      return m && m.status === "APPROVED" && !mustProveMailbox(ctx, m) ? row.member_id : null;
    })
    .immediate();
}

// ---------------------------------------------------------------- e-mail verification codes

/** Creates a state token and e-mails a fresh 6-digit code for it (an existing account proving its mailbox). */
export function startVerification(ctx: Ctx, member: MemberRow): string {
  const stateToken = randomToken();
  const code = newCode();
  // Counted per mailbox with the sign-ups' codes (mailbox-codes.ts): a code not sent matches nothing typed.
  const sent = mayEmailCode(ctx, member.email);
  ctx.db
    .prepare("INSERT INTO verifications (state_token, member_id, code_hash, expires_at) VALUES (?, ?, ?, ?)")
    .run(stateToken, member.id, codeHash(stateToken, sent ? code : newCode() + newCode()), nowSeconds() + VERIFICATION_TTL_SECONDS);
  if (sent) sendCode(ctx, member.email, code);
  return stateToken;
}

export type VerificationOutcome = { kind: "ok"; member: MemberRow } | { kind: "wrong-code"; attemptsLeft: number } | { kind: "expired" };

/**
 * Checks a code against its state token, a sign-up's (signup.ts: the right code creates the account) or an
 * existing account's: VERIFICATION_MAX_ATTEMPTS wrong codes use the state token up.
 */
export function checkVerification(ctx: Ctx, stateToken: string, code: string): VerificationOutcome {
  const signup = completeSignup(ctx, stateToken, code);
  if (signup) return signup;
  return ctx.db
    .transaction((): VerificationOutcome => {
      const row = ctx.db.prepare("SELECT * FROM verifications WHERE state_token = ?").get(stateToken) as
        { member_id: string; code_hash: string; expires_at: number; attempts: number; used: number } | undefined;
      if (!row || row.used || row.expires_at < nowSeconds() || row.attempts >= VERIFICATION_MAX_ATTEMPTS) return { kind: "expired" };
      const email = (ctx.db.prepare("SELECT email FROM members WHERE id = ?").get(row.member_id) as { email: string } | undefined)?.email;
      if (!email || mailboxLocked(ctx, email)) return { kind: "expired" };
      if (!sameHash(codeHash(stateToken, code), row.code_hash)) {
        const attempts = row.attempts + 1;
        ctx.db.prepare("UPDATE verifications SET attempts = ? WHERE state_token = ?").run(attempts, stateToken);
        recordWrongCode(ctx, email);
        return { kind: "wrong-code", attemptsLeft: VERIFICATION_MAX_ATTEMPTS - attempts };
      }
      ctx.db.prepare("UPDATE verifications SET used = 1 WHERE state_token = ?").run(stateToken);
      ctx.db.prepare("UPDATE members SET email_verified = 1, updated_date = ? WHERE id = ?").run(nowIso(), row.member_id);
      claimGuestOrders(ctx, row.member_id); // the code proves the mailbox
      const member = ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(row.member_id) as MemberRow | undefined;
      return member ? { kind: "ok", member } : { kind: "expired" };
    })
    .immediate();
}

export { completeReset, findReset, RESET_MAX_PER_HOUR, RESET_TTL_SECONDS, startPasswordReset } from "./password-reset";
export type { ResetRow } from "./password-reset";
export { LOCKOUT_DURATION_MS, LOCKOUT_MAX_FAILURES, LOCKOUT_WINDOW_MS } from "./login-throttle";
export {
  activeThrottles,
  approveMember,
  clearLoginFailures,
  listPendingMembers,
  lockRemainingSeconds,
  recordLoginFailure,
} from "./login-throttle";
export type { LoginThrottle } from "./login-throttle";

// ---------------------------------------------------------------- IAM endpoints

/** What differs between identities; the wire shape around it (revision, empty lists) is the same for all. */
interface IdentityFields {
  id: string;
  createdDate: string;
  updatedDate: string;
  firstName?: string | null;
  lastName?: string | null;
  nickname?: string | null;
  email: string;
  privacyStatus: "PUBLIC" | "PRIVATE";
  /** The profile's last keys: a member's slug; none before the account exists. */
  profileTail: Record<string, unknown>;
  isVerified: boolean;
  status: { name: string; reasons: string[] };
}

function identityShape(f: IdentityFields) {
  return {
    id: f.id,
    revision: "1",
    createdDate: f.createdDate,
    updatedDate: f.updatedDate,
    connections: [],
    identityProfile: {
      ...(f.firstName ? { firstName: f.firstName } : {}),
      ...(f.lastName ? { lastName: f.lastName } : {}),
      ...(f.nickname ? { nickname: f.nickname } : {}),
      emails: [f.email],
      phones: [],
      labels: [],
      privacyStatus: f.privacyStatus,
      customFields: [],
      secondaryEmails: [],
      phonesV2: [],
      addresses: [],
      ...f.profileTail,
    },
    email: { address: f.email, isVerified: f.isVerified },
    status: f.status,
    factors: [],
  };
}

function identityWire(m: MemberRow) {
  const status = m.status === "APPROVED" ? "ACTIVE" : m.status === "PENDING" ? "PENDING" : "BLOCKED";
  return identityShape({
    id: m.id,
    createdDate: m.created_date,
    updatedDate: m.updated_date,
    firstName: m.first_name,
    lastName: m.last_name,
    nickname: m.nickname,
    email: m.email,
    privacyStatus: m.privacy_status === "PUBLIC" ? "PUBLIC" : "PRIVATE",
    profileTail: { slug: m.slug },
    isVerified: m.email_verified !== 0,
    status: {
      name: status,
      reasons:
        m.email_verified === 0
          ? ["PENDING_EMAIL_VERIFICATION_REQUIRED"]
          : m.status === "PENDING"
            ? ["PENDING_ADMIN_APPROVAL_REQUIRED"]
            : [],
    },
  });
}

/** The identity a sign-up answers with before its account exists (the id it will have; its e-mail not yet proved). */
function pendingIdentityWire(memberId: string, input: SignupInput) {
  const now = nowIso();
  return identityShape({
    id: memberId,
    createdDate: now,
    updatedDate: now,
    firstName: input.firstName,
    lastName: input.lastName,
    nickname: input.nickname,
    email: input.email,
    privacyStatus: "PRIVATE",
    profileTail: {},
    isVerified: false,
    status: { name: "PENDING", reasons: ["PENDING_EMAIL_VERIFICATION_REQUIRED"] },
  });
}

/** The state-machine answer for a member who passed the checks so far. */
export function memberState(ctx: Ctx, member: MemberRow) {
  if (mustProveMailbox(ctx, member))
    return {
      state: "REQUIRE_EMAIL_VERIFICATION",
      stateToken: startVerification(ctx, member),
      identity: identityWire(member),
      additionalData: {},
    };
  if (member.status === "PENDING") return { state: "REQUIRE_OWNER_APPROVAL", identity: identityWire(member), additionalData: {} };
  return { state: "SUCCESS", sessionToken: issueSessionToken(ctx, member.id), identity: identityWire(member), additionalData: {} };
}

function loginEmail(body: Record<string, unknown>): string | undefined {
  return asString(asObject(body.loginId)?.email)?.trim().slice(0, 320);
}

export function registerIdentity(router: Router, ctx: Ctx): void {
  registerPasswordChange(router, ctx);
  router.on("POST", "/_api/iam/authentication/v2/register", async (req) => {
    requireCaller(ctx, req.headers);
    // Accounts are kept under their canonical e-mail (core/email.ts): a look-alike is the address it imitates, and an
    // address with no canonical form (mixed scripts, a non-ASCII local part) is refused like a malformed one.
    const email = canonicalEmail(loginEmail(req.body) ?? "");
    if (!email)
      // data.type "EMAIL" is what OAuthStrategy.register turns into errorCode "invalidEmail".
      throw validationError([
        { field: "loginId.email", description: "n'est pas une adresse e-mail valide", violatedRule: "FORMAT", data: { type: "EMAIL" } },
      ]);
    const password = asString(req.body.password) ?? "";
    refuseWeakPassword("password", password);
    const profile = asObject(req.body.profile) ?? {};
    const clip = (v: unknown) => asString(v)?.trim().slice(0, 100) || null;
    for (const k of ["firstName", "lastName", "nickname"]) {
      const v = asString(profile[k]);
      if (v) refuseUnsafeText(v, `profile.${k}`);
    }
    const input = {
      email,
      password,
      firstName: clip(profile.firstName),
      lastName: clip(profile.lastName),
      nickname: clip(profile.nickname),
    };
    // The account exists once the e-mailed code comes back (signup.ts); a taken address gets this same answer.
    const { stateToken, memberId } = await startSignup(ctx, input);
    return {
      state: "REQUIRE_EMAIL_VERIFICATION",
      stateToken,
      identity: pendingIdentityWire(memberId, input),
      additionalData: {},
    };
  });

  router.on("POST", "/_api/iam/authentication/v2/login", async (req) => {
    requireCaller(ctx, req.headers);
    const email = loginEmail(req.body);
    if (!email) throw appError(401, IAM_ERRORS.INVALID_PASSWORD, "E-mail ou mot de passe incorrect", {});
    const password = asString(req.body.password) ?? "";
    if (!password) throw appError(400, IAM_ERRORS.INVALID_PASSWORD, "Saisissez votre mot de passe", {});
    const outcome = await attemptLogin(ctx, email, password, req.client);
    switch (outcome.kind) {
      case "locked":
        // Wix asks for a captcha after repeated failures; a token sent anyway cannot be checked here, so it is invalid.
        if (Array.isArray(req.body.captchaTokens) && req.body.captchaTokens.length)
          throw appError(400, IAM_ERRORS.INVALID_CAPTCHA, "Vérification anti-robot refusée", {});
        throw appError(400, IAM_ERRORS.MISSING_CAPTCHA, "Vérification anti-robot requise après plusieurs tentatives", {});
      case "invalid-credentials":
        // One answer whether the e-mail is unknown or the password wrong: no account enumeration.
        throw appError(401, IAM_ERRORS.INVALID_PASSWORD, "E-mail ou mot de passe incorrect", {});
      case "blocked":
        // Same answer as a wrong password: Wix's code for a blocked member is not known, and this one cannot enumerate.
        throw appError(401, IAM_ERRORS.INVALID_PASSWORD, "E-mail ou mot de passe incorrect", {});
      default:
        return memberState(ctx, outcome.member);
    }
  });

  router.on("POST", "/_api/iam/verification/v1/auth/verify", (req) => {
    requireCaller(ctx, req.headers);
    const stateToken = asString(req.body.stateToken) ?? "";
    const code = asString(req.body.code) ?? "";
    const outcome = stateToken ? checkVerification(ctx, stateToken, code) : ({ kind: "expired" } as const);
    if (outcome.kind === "expired")
      throw appError(
        400,
        VERIFICATION_ERRORS.VERIFICATION_EXPIRED,
        "Ce code a expiré ou a été invalidé : demandez-en un nouveau en vous reconnectant",
        {},
      );
    if (outcome.kind === "wrong-code")
      throw appError(
        400,
        VERIFICATION_ERRORS.INVALID_VERIFICATION_CODE,
        outcome.attemptsLeft > 0
          ? `Code incorrect : encore ${outcome.attemptsLeft} essai${outcome.attemptsLeft > 1 ? "s" : ""}`
          : "Code incorrect : ce code est désormais invalidé, demandez-en un nouveau en vous reconnectant",
        { attemptsLeft: outcome.attemptsLeft },
      );
    return memberState(ctx, outcome.member);
  });

  router.on("POST", "/_api/iam/recovery/v1/send-email", (req) => {
    requireCaller(ctx, req.headers);
    const email = asString(req.body.email)?.trim().slice(0, 320) ?? "";
    const redirect = asObject(req.body.redirect) ?? {};
    const url = asString(redirect.url);
    const clientId = asString(redirect.clientId);
    if (clientId !== undefined && clientId !== ctx.opts.clientId)
      throw appError(400, "INVALID_CLIENT_ID", "clientId inconnu", { clientId });
    if (url) checkAllowedUrl(ctx, req.appOrigin, url, "redirect.url");
    // Same answer whether the e-mail exists or not: no account enumeration here.
    startPasswordReset(ctx, email, req.appOrigin, url);
    return {};
  });
}
