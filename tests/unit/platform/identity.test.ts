// Member accounts on the raw wire: IAM endpoints, expiries, options, outbox file, owner token, fault switch.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createPlatform,
  EMBEDDED_CLIENT_ID,
  IAM_ERRORS,
  platformOptionsFromEnv,
  type MailMessage,
  type Platform,
} from "../../../platform/index";
import { api, authRequest, FIXTURE, fixturePlatform, form, IAM, memberLogin, ORIGIN, pkce, visitorToken } from "./helpers";

async function register(p: Platform, token: string, email: string, password = "motdepasse-solide") {
  return api(p, "POST", IAM.register, { token, body: { loginId: { email }, password, profile: { firstName: "Léa" } } });
}

/** A sign-up and its e-mailed code (every sign-up proves its mailbox first): the answer to the code. */
async function signUp(p: Platform, token: string, email: string, password = "motdepasse-solide") {
  const r = await register(p, token, email, password);
  expect(r.json.state).toBe("REQUIRE_EMAIL_VERIFICATION");
  const code = p.outbox().find((m) => m.to === email && m.data.code)!.data.code!;
  return api(p, "POST", IAM.verify, { token, body: { code, stateToken: r.json.stateToken } });
}

async function login(p: Platform, token: string, email: string, password: string) {
  return api(p, "POST", IAM.login, { token, body: { loginId: { email }, password } });
}

/** Creates an auth redirect session carrying a session token; returns the page's redirect. */
async function authorize(p: Platform, token: string, sessionToken: string | undefined, prompt = "none") {
  const { challenge } = pkce();
  const s = await api(p, "POST", "/_api/redirects-api/v1/redirect-session", {
    token,
    body: { auth: { authRequest: authRequest(challenge, sessionToken ? { sessionToken } : {}), prompt } },
  });
  const res = await p.fetch(new Request(s.json.redirectSession.fullUrl as string));
  return res;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("IAM endpoints on the wire", () => {
  it("need a visitor or member token", async () => {
    const p = fixturePlatform();
    expect((await api(p, "POST", IAM.login, { body: { loginId: { email: "a@b.fr" }, password: "x" } })).status).toBe(401);
    expect((await api(p, "POST", IAM.register, { body: {} })).status).toBe(401);
    p.close();
  });

  it("login never answers a validationError (the SDK would crash on it)", async () => {
    const p = fixturePlatform();
    const token = await visitorToken(p);
    for (const body of [{}, { loginId: "x" }, { loginId: { email: 3 }, password: 4 }, { loginId: { email: "a@b.fr" } }]) {
      const r = await api(p, "POST", IAM.login, { token, body });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.json.details.applicationError.code).toBeTruthy();
      expect(r.json.details.validationError).toBeUndefined();
    }
    p.close();
  });

  it("register answers identity with the state; additionalData values are objects", async () => {
    const p = fixturePlatform();
    const token = await visitorToken(p);
    const r = await register(p, token, "lea@exemple.fr");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      state: "REQUIRE_EMAIL_VERIFICATION",
      identity: {
        identityProfile: { firstName: "Léa", emails: ["lea@exemple.fr"] },
        email: { address: "lea@exemple.fr", isVerified: false },
        status: { name: "PENDING", reasons: ["PENDING_EMAIL_VERIFICATION_REQUIRED"] },
      },
      additionalData: {},
    });
    const code = p.outbox().find((m) => m.to === "lea@exemple.fr")!.data.code!;
    const v = await api(p, "POST", IAM.verify, { token, body: { code, stateToken: r.json.stateToken } });
    expect(v.json).toMatchObject({
      state: "SUCCESS",
      identity: { id: r.json.identity.id, email: { address: "lea@exemple.fr", isVerified: true }, status: { name: "ACTIVE" } },
      additionalData: {},
    });
    expect(typeof v.json.sessionToken).toBe("string");
    p.close();
  });

  it("session tokens expire after 5 minutes", async () => {
    const p = fixturePlatform();
    const token = await visitorToken(p);
    const r = await signUp(p, token, "lente@exemple.fr");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 2000);
    const res = await authorize(p, token, r.json.sessionToken);
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("login_required");
    p.close();
  });

  it("lock-out: failures older than 15 minutes do not count", async () => {
    const p = fixturePlatform();
    const token = await visitorToken(p);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    for (let i = 0; i < 4; i++)
      expect((await login(p, token, "demo@exemple.fr", "faux")).json.details.applicationError.code).toBe("-19976");
    vi.setSystemTime(start + 16 * 60 * 1000);
    expect((await login(p, token, "demo@exemple.fr", "faux")).status).toBe(401);
    const ok = await login(p, token, "demo@exemple.fr", "motdepasse-demo");
    expect(ok.json.state).toBe("SUCCESS");
    p.close();
  });

  it("throttling counts unknown e-mails like wrong passwords, then asks for a captcha (-19971, Wix's code)", async () => {
    const p = fixturePlatform();
    const token = await visitorToken(p);
    for (let i = 0; i < 5; i++)
      expect((await login(p, token, "fantome@exemple.fr", "x")).json.details.applicationError.code).toBe(IAM_ERRORS.INVALID_PASSWORD);
    const locked = await login(p, token, "fantome@exemple.fr", "x");
    expect(locked.status).toBe(400);
    expect(locked.json.details.applicationError).toMatchObject({ code: IAM_ERRORS.MISSING_CAPTCHA });
    expect(Object.values(IAM_ERRORS).every((code) => /^-199\d\d$/.test(code))).toBe(true);
    p.close();
  });

  it("verification codes expire after 15 minutes", async () => {
    const p = fixturePlatform({ signupPolicy: "verify-email" });
    const token = await visitorToken(p);
    const r = await register(p, token, "tardive@exemple.fr");
    expect(r.json.state).toBe("REQUIRE_EMAIL_VERIFICATION");
    expect(r.json.sessionToken).toBeUndefined();
    const code = p.outbox()[0]!.data.code!;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 2000);
    const v = await api(p, "POST", IAM.verify, { token, body: { code, stateToken: r.json.stateToken } });
    expect(v.status).toBe(400);
    expect(v.json.details.applicationError.code).toBe("VERIFICATION_EXPIRED");
    p.close();
  });

  it("reset links expire after 1 hour; a reset lifts the lock-out and revokes the member's sessions", async () => {
    const p = fixturePlatform();
    const token = await visitorToken(p);
    const before = await memberLogin(p);
    for (let i = 0; i < 5; i++) await login(p, token, "demo@exemple.fr", "faux");
    expect((await login(p, token, "demo@exemple.fr", "motdepasse-demo")).json.details.applicationError.code).toBe(
      IAM_ERRORS.MISSING_CAPTCHA,
    );
    expect(
      (
        await api(p, "POST", IAM.sendEmail, {
          token,
          body: { email: "demo@exemple.fr", redirect: { url: `${ORIGIN}/connexion`, clientId: EMBEDDED_CLIENT_ID } },
        })
      ).status,
    ).toBe(200);
    const url = p.outbox()[0]!.data.url!;
    const tokenParam = new URL(url).searchParams.get("token")!;
    const done = await form(p, "/_platform/reset-password", { token: tokenParam, password: "tout-nouveau-1", confirm: "tout-nouveau-1" });
    expect(done.status).toBe(303);
    expect((await login(p, token, "demo@exemple.fr", "tout-nouveau-1")).json.state).toBe("SUCCESS");
    const refresh = await api(p, "POST", "/oauth2/token", {
      body: { clientId: EMBEDDED_CLIENT_ID, grantType: "refresh_token", refreshToken: before.refresh_token },
    });
    expect(refresh.json.error).toBe("invalid_grant");

    await api(p, "POST", IAM.sendEmail, { token, body: { email: "demo@exemple.fr" } });
    const late = new URL(p.outbox()[0]!.data.url!).searchParams.get("token")!;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 3601 * 1000);
    const page = await p.fetch(new Request(`${ORIGIN}/_platform/reset-password?token=${encodeURIComponent(late)}`));
    expect(page.status).toBe(400);
    p.close();
  });

  it("sends at most 5 reset links per account and hour", async () => {
    const p = fixturePlatform();
    const token = await visitorToken(p);
    for (let i = 0; i < 7; i++)
      expect((await api(p, "POST", IAM.sendEmail, { token, body: { email: "demo@exemple.fr" } })).status).toBe(200);
    expect(p.outbox()).toHaveLength(5);
    p.close();
  });

  it("send-email refuses another clientId and stays silent for malformed e-mails", async () => {
    const p = fixturePlatform();
    const token = await visitorToken(p);
    const wrong = await api(p, "POST", IAM.sendEmail, {
      token,
      body: { email: "demo@exemple.fr", redirect: { url: `${ORIGIN}/`, clientId: "autre" } },
    });
    expect(wrong.status).toBe(400);
    expect((await api(p, "POST", IAM.sendEmail, { token, body: { email: "n'importe quoi" } })).json).toEqual({});
    expect(p.outbox()).toEqual([]);
    p.close();
  });
});

describe("options", () => {
  it("requireMemberApproval is the owner-approval policy; signupPolicy wins", async () => {
    const p = fixturePlatform({ requireMemberApproval: true });
    const token = await visitorToken(p);
    expect((await signUp(p, token, "a@exemple.fr")).json.state).toBe("REQUIRE_OWNER_APPROVAL");
    p.close();
    const q = fixturePlatform({ requireMemberApproval: true, signupPolicy: "open" });
    expect((await signUp(q, await visitorToken(q), "a@exemple.fr")).json.state).toBe("SUCCESS");
    q.close();
  });

  it("platformOptionsFromEnv reads the policy, owner token, outbox file and faults", () => {
    expect(platformOptionsFromEnv({})).toEqual({});
    expect(
      platformOptionsFromEnv({
        PLATFORM_SIGNUP_POLICY: "verify-email",
        PLATFORM_OWNER_TOKEN: "s3cret",
        PLATFORM_OUTBOX_FILE: "/tmp/o.jsonl",
        PLATFORM_FAULT_CONTROL: "1",
        PLATFORM_FAULT_DELAY_MS: "200",
      }),
    ).toEqual({
      signupPolicy: "verify-email",
      ownerToken: "s3cret",
      outboxFile: "/tmp/o.jsonl",
      faultControl: true,
      faults: { delayMs: 200, failRate: 0, down: false },
    });
    expect(() => platformOptionsFromEnv({ PLATFORM_SIGNUP_POLICY: "ouvert" })).toThrow(/PLATFORM_SIGNUP_POLICY/);
  });

  it("the outbox file is written next to the database as JSON lines", async () => {
    const dir = mkdtempSync(join(tmpdir(), "platform-outbox-"));
    try {
      const p = createPlatform({ dbPath: join(dir, "db", "platform.sqlite"), seedFile: FIXTURE, signupPolicy: "verify-email" });
      const token = await visitorToken(p);
      await register(p, token, "fichier@exemple.fr");
      p.close();
      const lines = readFileSync(join(dir, "db", "outbox.jsonl"), "utf8")
        .trim()
        .split("\n");
      const message = JSON.parse(lines[0]!) as MailMessage;
      expect(message).toMatchObject({ kind: "verification-code", to: "fichier@exemple.fr", subject: "Votre code de vérification" });
      expect(message.data.code).toMatch(/^\d{6}$/);
      const q = createPlatform({ dbPath: join(dir, "other.sqlite"), seedFile: FIXTURE, outboxFile: false, signupPolicy: "verify-email" });
      await register(q, await visitorToken(q), "rien@exemple.fr");
      q.close();
      expect(existsSync(join(dir, "outbox.jsonl"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a custom mailTransport receives the messages instead of the outbox", async () => {
    const sent: MailMessage[] = [];
    const p = fixturePlatform({ mailTransport: { send: (m) => void sent.push(m) } });
    const token = await visitorToken(p);
    await api(p, "POST", IAM.sendEmail, { token, body: { email: "demo@exemple.fr" } });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.kind).toBe("password-reset");
    expect(p.outbox()).toEqual([]);
    p.close();
  });

  it("without an owner token the owner tools are closed: no outbox, no self-approval", async () => {
    const p = fixturePlatform({ signupPolicy: "owner-approval" });
    const token = await visitorToken(p);
    const id = (await signUp(p, token, "auto@exemple.fr")).json.identity.id as string;
    await api(p, "POST", IAM.sendEmail, { token, body: { email: "demo@exemple.fr" } });
    const outbox = await p.fetch(new Request(`${ORIGIN}/_platform/outbox`));
    expect(outbox.status).toBe(404);
    expect(await outbox.text()).not.toContain("reset-password");
    expect((await p.fetch(new Request(`${ORIGIN}/_platform/owner/members`))).status).toBe(404);
    expect((await form(p, "/_platform/owner/members", { memberId: id })).status).toBe(404);
    expect((await form(p, "/_platform/owner/members", { memberId: id, token: "" })).status).toBe(404);
    expect((await login(p, token, "auto@exemple.fr", "motdepasse-solide")).json.state).toBe("REQUIRE_OWNER_APPROVAL");
    p.close();
  });

  it("the owner token is also required by the approval form", async () => {
    const p = fixturePlatform({ signupPolicy: "owner-approval", ownerToken: "s3cret" });
    const token = await visitorToken(p);
    const r = await signUp(p, token, "attente@exemple.fr");
    const id = r.json.identity.id as string;
    expect((await form(p, "/_platform/owner/members", { memberId: id })).status).toBe(403);
    const ok = await form(p, "/_platform/owner/members", { memberId: id, token: "s3cret" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toContain("token=s3cret");
    expect((await login(p, token, "attente@exemple.fr", "motdepasse-solide")).json.state).toBe("SUCCESS");
    expect(p.outbox()[0]!.subject).toBe("Votre compte a été approuvé");
    p.close();
  });

  it("owner approvals and fault switching refuse cross-site requests", async () => {
    const p = fixturePlatform({ signupPolicy: "owner-approval", faultControl: true, ownerToken: "owner-token-of-at-least-24-chars" });
    const token = await visitorToken(p);
    const id = (await signUp(p, token, "cible@exemple.fr")).json.identity.id as string;
    const foreign = (path: string, body: string, type: string) =>
      p.fetch(new Request(`${ORIGIN}${path}`, { method: "POST", headers: { "content-type": type, origin: "https://evil.example" }, body }));
    expect((await foreign("/_platform/owner/members", `memberId=${id}`, "application/x-www-form-urlencoded")).status).toBe(403);
    expect((await foreign("/_platform/faults", '{"down":true}', "text/plain")).status).toBe(403);
    expect(p.getFaults().down).toBe(false);
    expect((await login(p, token, "cible@exemple.fr", "motdepasse-solide")).json.state).toBe("REQUIRE_OWNER_APPROVAL");
    p.close();
  });

  it("faults apply to /_platform/api too, not to hosted pages; options.faults sets them at start", async () => {
    const p = fixturePlatform({ faults: { down: true } });
    const r = await p.fetch(new Request(`${ORIGIN}/_platform/api/stores/v1/products/query`, { method: "POST", body: "{}" }));
    expect(r.status).toBe(503);
    expect(r.headers.get("x-wix-request-id")).toBeTruthy();
    expect((await r.json()).details.applicationError.code).toBe("SERVICE_UNAVAILABLE");
    expect((await p.fetch(new Request(`${ORIGIN}/_platform/assets/platform.css`))).status).toBe(200);
    expect(p.setFaults({ failRate: 5, delayMs: -3 })).toEqual({ delayMs: 0, failRate: 1, down: false, systemError: null });
    p.close();
  });
});

describe("database upgrade", () => {
  type Database = import("better-sqlite3").Database;

  /**
   * A database the platform made, then changed by `olderState` back to what an earlier version left; the platform
   * opens it again and the demo member must still log in. `after` then reads the upgraded file.
   */
  async function upgradeAndLogIn(olderState: (raw: Database) => void, after: (upgraded: Database) => void = () => undefined) {
    const { default: Sqlite } = await import("better-sqlite3");
    const dir = mkdtempSync(join(tmpdir(), "platform-upgrade-"));
    try {
      const dbPath = join(dir, "platform.sqlite");
      createPlatform({ dbPath, seedFile: FIXTURE }).close();
      const raw = new Sqlite(dbPath);
      olderState(raw);
      raw.close();
      const p = createPlatform({ dbPath, seedFile: FIXTURE });
      const token = await visitorToken(p);
      expect((await login(p, token, "demo@exemple.fr", "motdepasse-demo")).json.state).toBe("SUCCESS");
      p.close();
      const check = new Sqlite(dbPath);
      after(check);
      check.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("moves the accounts of a database made before the canonical e-mail to it (finding 1)", async () => {
    await upgradeAndLogIn(
      (raw) => raw.prepare("UPDATE members SET email = ? WHERE email = ?").run("Demo@Exemple.FR.", "demo@exemple.fr"),
      (upgraded) => expect(upgraded.prepare("SELECT COUNT(*) AS n FROM members WHERE email = 'demo@exemple.fr'").get()).toEqual({ n: 1 }),
    );
  });

  it("adds members.email_verified to a database created before it existed", async () => {
    await upgradeAndLogIn((raw) => raw.exec("ALTER TABLE members DROP COLUMN email_verified"));
  });
});
