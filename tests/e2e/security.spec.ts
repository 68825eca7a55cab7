import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base, expect } from "./fixtures";
import { freePort, OWNER_TOKEN, startServer, type RunningServer } from "../support/server";
import { formFields, Visitor } from "../support/visitor";
import { DEMO, loginWithForm } from "./helpers";

/**
 * The findings of an outside attack (docs/security.md), each replayed against
 * a production server of its own (`node server.js`), so its log can be read and
 * its limits set low. Plain HTTP except where a browser is the point.
 */

type Servers = { app: RunningServer; limited: RunningServer };

const test = base.extend<object, { servers: Servers }>({
  servers: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), "security-"));
      const [app, limited] = await Promise.all([
        freePort().then((port) => startServer({ port, db: join(dir, "app.sqlite") })),
        freePort().then((port) =>
          startServer({ port, db: join(dir, "limited.sqlite"), env: { RATE_LIMITS: "login=3,signup=3,checkout=100,cart=100" } }),
        ),
      ]);
      await use({ app, limited });
      await Promise.all([app.stop(), limited.stop()]);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
});

/** A raw request with headers fetch() will not send (Host). */
function raw(origin: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const url = new URL(path, origin);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((done, fail) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: opts.method ?? "GET", headers: opts.headers },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", fail);
    req.end(opts.body);
  });
}

test.describe("outside attack findings @js", () => {
  test("1. prototype pollution from a query string is refused and every page keeps working", async ({ servers }) => {
    const { origin } = servers.app;
    for (const attack of [
      "__proto__.hasOwnProperty=x",
      "__proto__.cookie=__session%3Dx",
      "__proto__.notice=pirat%C3%A9",
      "constructor.prototype.x=1",
    ]) {
      expect((await fetch(`${origin}/_platform/api/oauth2/token-info?${attack}`)).status).toBe(400);
    }
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    const v = new Visitor(origin);
    const cart = await v.get("/cart");
    expect(cart.status).toBe(200);
    expect(cart.body).not.toContain("Se déconnecter");
    expect(servers.app.output()).not.toMatch(/TypeError|at .*\.js:\d+/);
  });

  test("2. the owner tools need the token; a server without one keeps them closed", async ({ servers }) => {
    const { origin } = servers.app;
    expect((await fetch(`${origin}/_platform/outbox`)).status).toBe(403);
    expect((await fetch(`${origin}/_platform/owner/members`)).status).toBe(403);
    expect((await fetch(`${origin}/_platform/outbox?token=${OWNER_TOKEN}`)).status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), "security-closed-"));
    const closed = await startServer({ port: await freePort(), db: join(dir, "p.sqlite"), env: { PLATFORM_OWNER_TOKEN: "" } });
    try {
      expect((await fetch(`${closed.origin}/_platform/outbox`)).status).toBe(404);
      expect((await fetch(`${closed.origin}/_platform/owner/members`)).status).toBe(404);
      expect((await fetch(`${closed.origin}/_platform/owner/members`, { method: "POST", body: "memberId=x" })).status).toBe(404);
    } finally {
      await closed.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("3. production refuses to start without PUBLIC_ORIGIN, naming it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "security-origin-"));
    try {
      await expect(startServer({ port: await freePort(), db: join(dir, "p.sqlite"), env: { PUBLIC_ORIGIN: "" } })).rejects.toThrow(
        /PUBLIC_ORIGIN: is required in production/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("3. no link is built from Host or X-Forwarded-Host: login redirect, reset e-mail, catalog images", async ({ servers }) => {
    const { origin } = servers.app;
    const evil = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    const page = await raw(origin, "/account/login", { headers: evil });
    const cookie = [page.headers["set-cookie"]]
      .flat()
      .filter(Boolean)
      .map((c) => String(c).split(";")[0])
      .join("; ");
    const fields = formFields(page.body, "Utiliser la page de connexion de notre prestataire");
    const started = await raw(origin, "/account/login", {
      method: "POST",
      headers: { ...evil, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    expect(started.status).toBe(303);
    const location = new URL(String(started.headers.location), origin);
    expect(location.origin).toBe(origin);
    expect(decodeURIComponent(location.search)).not.toContain("evil.example");

    const forgot = await raw(origin, "/account/forgot-password", { headers: evil });
    const reset = await raw(origin, "/account/forgot-password", {
      method: "POST",
      headers: { ...evil, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...formFields(forgot.body, "Envoyer le lien"), email: DEMO.email }).toString(),
    });
    expect(reset.status).toBeLessThan(400);
    const outbox = await (await fetch(`${origin}/_platform/outbox?token=${OWNER_TOKEN}`)).text();
    expect(outbox).toContain(`${origin}/_platform/reset-password?token=`);
    expect(outbox).not.toContain("evil.example");

    const poisoned = await raw(origin, "/products", { headers: evil });
    expect(poisoned.body).not.toContain("evil.example");
    expect(await (await fetch(`${origin}/products`)).text()).not.toContain("evil.example");
  });

  test("4. a cross-site POST is refused on every route, pages or not, without a stack trace in the log", async ({ servers }) => {
    const { origin } = servers.app;
    const v = new Visitor(origin);
    await v.get("/");
    const attempts: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of attempts) {
      for (const path of ["/account/logout", "/preferences/theme", "/cart", "/_platform/login"]) {
        const res = await v.request("POST", path, { theme: "dark", returnTo: "/" }, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.body).toContain("Requête refusée");
      }
    }
    expect(v.cookies.has("theme")).toBe(false);
    expect(servers.app.output()).not.toMatch(/\n\s+at /);
  });

  test("5. the login limit holds across case, encoding and single-fetch spellings, and on the platform's IAM API", async ({ servers }) => {
    const { origin } = servers.limited;
    const post = (path: string) =>
      fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=x" });
    for (let i = 0; i < 3; i++) expect((await post("/account/login")).status).not.toBe(429);
    for (const path of [
      "/ACCOUNT/LOGIN",
      "/account/%6Cogin",
      "/Account/Login.data",
      "/account/login/_.data",
      "/_platform/api/_api/iam/authentication/v2/login",
    ]) {
      expect((await post(path)).status, path).toBe(429);
    }
    // Dot segments, sent as written (fetch would resolve them before sending).
    for (const path of [
      "/account/./login",
      "/x/../account/login",
      "/account/%2e/login",
      "/_platform/api/./_api/iam/authentication/v2/login",
    ]) {
      const res = await raw(origin, path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=x",
      });
      expect(res.status, path).toBe(429);
    }
    const signup = (path: string) =>
      fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    for (let i = 0; i < 3; i++) expect((await signup("/_platform/api/_api/iam/authentication/v2/register")).status).not.toBe(429);
    expect((await signup("/ACCOUNT/REGISTER")).status).toBe(429);
  });

  test("6. bodies are capped before parsing: a French 413, and the server keeps answering", async ({ servers }) => {
    const { origin } = servers.app;
    const big = await fetch(`${origin}/cart`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: `intent=update&x=${"a".repeat(2_000_000)}`,
    });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("Requête trop volumineuse");
    const many = await fetch(`${origin}/account/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: Array.from({ length: 20_000 }, (_, i) => `f${i}=1`).join("&"),
    });
    expect(many.status).toBe(413);
    // A chunked body that never ends: refused once past the cap, not buffered.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 65_536;
        if (sent > 50_000_000) controller.close();
        else controller.enqueue(new Uint8Array(65_536));
      },
    });
    // The answer is a 413, or the connection closed under a client still sending: either way, nothing near 50 MB was read.
    const chunked = await fetch(`${origin}/_platform/api/oauth2/token`, {
      method: "POST",
      body: endless,
      duplex: "half",
    } as RequestInit).then(
      (r) => r.status,
      () => "closed",
    );
    expect([413, "closed"]).toContain(chunked);
    expect(sent).toBeLessThan(10_000_000);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  });

  test("6. only forms reach the site's actions: other bodies get a 4xx, never a 500 with a stack trace in the log", async ({ servers }) => {
    const { origin } = servers.app;
    const post = (path: string, type: string | null, body: string) =>
      fetch(`${origin}${path}`, { method: "POST", headers: type ? { "content-type": type } : {}, body });
    for (const path of ["/cart", "/checkout", "/account/login", "/preferences/theme", "/products/livre-react"]) {
      expect((await post(path, "text/plain", "zzz")).status, path).toBe(415);
      expect((await post(path, "application/json", '{"intent":"update"}')).status, path).toBe(415);
      expect((await post(path, "multipart/form-data; boundary=x", "--x\r\nbroken")).status, path).toBe(400);
    }
    // The field cap holds whatever the case of the content type, and for multipart too.
    const many = Array.from({ length: 5000 }, (_, i) => `f${i}=1`).join("&");
    expect((await post("/cart", "Application/X-WWW-Form-Urlencoded", many)).status).toBe(413);
    const multipart = new FormData();
    for (let i = 0; i < 700; i++) multipart.append(`f${i}`, "1");
    expect((await fetch(`${origin}/cart`, { method: "POST", body: multipart })).status).toBe(413);
    expect(servers.app.output()).not.toMatch(/\n\s+at /);
  });

  test("10. control characters in redirect targets fall back to a safe page, never a 500", async ({ servers }) => {
    const { origin } = servers.app;
    const v = new Visitor(origin);
    await v.get("/");
    for (const returnTo of [
      "/\r\nSet-Cookie: x=1",
      "/\u2028",
      "/x\u007f",
      "/\t/evil.example",
      "/\\evil.example",
      "/.//evil.example",
      "/a/../..//evil.example",
      "/%2E%2E/%2E//evil.example",
    ]) {
      const res = await v.request("POST", "/preferences/theme", { theme: "dark", returnTo });
      expect(res.status, JSON.stringify(returnTo)).toBe(303);
      expect(res.location).toBe("/");
    }
    for (const query of ["%0d%0aSet-Cookie:%20x=1", "%E2%80%A8", "%7F", "/%09/evil.example"]) {
      expect((await v.request("GET", `/account/login?returnTo=${query}`)).status).toBe(200);
    }
  });

  test("12. the request log holds no reset token, OAuth code or owner token", async ({ servers }) => {
    const { origin } = servers.app;
    await fetch(`${origin}/_platform/reset-password?token=RESET-SECRET-123`);
    await fetch(`${origin}/account/callback?code=OAUTH-CODE-456&state=OAUTH-STATE-789`);
    await fetch(`${origin}/_platform/outbox?token=${OWNER_TOKEN}`);
    await fetch(`${origin}/products?q=tasse`);
    await expect.poll(() => servers.app.log()).toContain("q=tasse");
    const log = servers.app.log();
    for (const secret of ["RESET-SECRET-123", "OAUTH-CODE-456", "OAUTH-STATE-789", OWNER_TOKEN]) expect(log).not.toContain(secret);
    expect(log).toContain("token=[redacted]");
  });
});

test.describe("sessions", () => {
  test("8–9. logout revokes the session on the POST itself; the old cookie then reads as a visitor with a notice", async ({
    page,
    context,
    servers,
  }) => {
    const { origin } = servers.app;
    await page.goto(`${origin}/account`);
    await loginWithForm(page, DEMO);
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    const stolen = (await context.cookies()).find((c) => c.name === "__session")!;
    // The logout POST, as the header's button sends it, but the browser never follows its redirect to the
    // platform's logout page: the session must end on the POST itself. (A click would race: the redirect that
    // follows it could leave with the stolen cookie put back below, and take the notice with it.)
    const answer = await page.request.post(`${origin}/account/logout`, { form: {}, headers: { origin }, maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    expect(answer.headers().location).toContain("/_platform/logout");
    await context.clearCookies();
    await context.addCookies([{ ...stolen }]);
    await page.goto(`${origin}/cart`);
    await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();
    // With scripts the notice is a toast shown after hydration, which a loaded machine can take a while to reach.
    await expect(page.getByText("Votre session a pris fin")).toBeVisible({ timeout: 15_000 });
    await page.goto(`${origin}/account/orders`);
    await expect(page).toHaveURL(/\/account\/login/);
  });
});
