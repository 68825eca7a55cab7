import { afterEach, describe, expect, it } from "vitest";
import { decodeDotR, formToObject, parseJsonObject, queryToObject, readBodyText, WixError } from "../../../platform/core/http";
import type { Platform } from "../../../platform/index";
import { api, fixturePlatform, form, IAM, memberLogin, ORIGIN, visitorToken } from "./helpers";

/**
 * Finding: `GET /_platform/api/oauth2/token-info?__proto__.hasOwnProperty=x` polluted Object.prototype (every page
 * answered 500), `__proto__.cookie=…` logged every visitor into an attacker's account. Every place that turns input
 * into an object refuses the prototype keys and builds objects without a prototype.
 */

const status = (fn: () => unknown) => {
  try {
    fn();
    return "accepted";
  } catch (error) {
    return error instanceof WixError ? error.status : "crashed";
  }
};

const b64url = (value: string) => Buffer.from(value).toString("base64url");

describe("input never reaches Object.prototype", () => {
  afterEach(() => {
    for (const key of ["hasOwnProperty_", "polluted", "cookie", "notice"]) delete (Object.prototype as Record<string, unknown>)[key];
  });

  it.each(["__proto__.polluted=1", "constructor.prototype.polluted=1", "a.__proto__.polluted=1", "__proto__=1", "prototype=1"])(
    "query %s is refused with a 400",
    (query) => {
      expect(status(() => queryToObject(new URLSearchParams(query)))).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it("builds query objects without a prototype", () => {
    const out = queryToObject(new URLSearchParams("a.b=1&c=2"));
    expect(Object.getPrototypeOf(out)).toBeNull();
    expect(Object.getPrototypeOf(out.a)).toBeNull();
    expect(out).toEqual(Object.assign(Object.create(null), { a: Object.assign(Object.create(null), { b: "1" }), c: "2" }));
  });

  it.each(['{"__proto__":{"polluted":1}}', '{"a":{"constructor":{"prototype":{"polluted":1}}}}', '{"list":[{"prototype":1}]}'])(
    "JSON %s is refused with a 400, in bodies and in the SDK's .r form",
    (json) => {
      expect(status(() => parseJsonObject(json))).toBe(400);
      expect(status(() => decodeDotR(b64url(json)))).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it("refuses prototype keys in flat forms", () => {
    expect(status(() => formToObject(new URLSearchParams("__proto__=x")))).toBe(400);
    expect(status(() => formToObject(new URLSearchParams("constructor=x")))).toBe(400);
    expect(Object.getPrototypeOf(formToObject(new URLSearchParams("a=1")))).toBeNull();
  });
});

describe("the platform over HTTP", () => {
  let p: Platform;
  afterEach(() => p?.close());

  it("answers the attacks of the report with a 400 and keeps serving every visitor", async () => {
    p = fixturePlatform();
    for (const attack of ["__proto__.hasOwnProperty=x", "__proto__.cookie=__session%3Dattacker", "__proto__.notice=pirat%C3%A9"]) {
      const res = await p.fetch(new Request(`${ORIGIN}/_platform/api/oauth2/token-info?${attack}`));
      expect(res.status).toBe(400);
    }
    expect(Object.prototype.hasOwnProperty.call({}, "cookie")).toBe(false);
    expect(({} as Record<string, unknown>).notice).toBeUndefined();
    const login = await p.fetch(new Request(`${ORIGIN}/_platform/login?session=inconnue`));
    expect(await login.text()).not.toContain("piraté");
    const products = await api(p, "GET", "/stores-reader/v1/products/query");
    expect(products.status).not.toBe(500);
  });

  it("refuses prototype keys in JSON and urlencoded API bodies", async () => {
    p = fixturePlatform();
    const tokenRequest = (contentType: string, body: string) =>
      p.fetch(new Request("https://www.wixapis.com/oauth2/token", { method: "POST", headers: { "content-type": contentType }, body }));
    const json = await tokenRequest("application/json", '{"grantType":"anonymous","__proto__":{"polluted":1}}');
    expect(json.status).toBe(400);
    const urlencoded = await tokenRequest("application/x-www-form-urlencoded", "grantType=anonymous&__proto__=x");
    expect(urlencoded.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("body limits", () => {
  it("stops reading a chunked body as soon as it passes the cap", async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 100 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request("https://www.wixapis.com/x", { method: "POST", body, duplex: "half" } as RequestInit);
    await expect(readBodyText(request, 1_000_000)).rejects.toMatchObject({ status: 413 });
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });

  it("refuses a declared oversized body without reading it, and a form with too many fields", async () => {
    const p = fixturePlatform();
    const big = await p.fetch(
      new Request("https://www.wixapis.com/oauth2/token", { method: "POST", headers: { "content-length": "100000000" }, body: "{}" }),
    );
    expect(big.status).toBe(413);
    const fields = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, "x"]));
    const page = await form(p, "/_platform/login", fields);
    expect(page.status).toBe(413);
    expect(await page.text()).toContain("Requête trop volumineuse");
    p.close();
  });
});

describe("JSON bombs", () => {
  it("refuses a deeply nested body cheaply, before walking it", () => {
    const deep = `{"a":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    expect(status(() => parseJsonObject(deep))).toBe(400);
    const justDeepEnough = `{"a":${"[".repeat(60)}${"]".repeat(60)}}`;
    expect(status(() => parseJsonObject(justDeepEnough))).toBe("accepted");
  });
});

describe("names, addresses and e-mails keep to visible text", () => {
  let p: Platform;
  afterEach(() => p?.close());

  it("refuses control and format characters on the hosted sign-up page, in profiles and in e-mail addresses", async () => {
    p = fixturePlatform();
    const token = await visitorToken(p);
    const s = await api(p, "POST", "/_api/redirects-api/v1/redirect-session", {
      token,
      body: { login: {}, callbacks: { postFlowUrl: `${ORIGIN}/` } },
    });
    const session = s.json.redirectSession.id;
    const signup = await form(p, "/_platform/signup", {
      session,
      firstName: "Jean\u202Egpj.exe",
      lastName: "Nul",
      email: "jean@exemple.fr",
      password: "motdepasse-solide",
    });
    expect(signup.status).toBe(400);
    for (const email of ["gpj\u202E@exemple.fr", "a\u0007@exemple.fr", "zero\u200B@exemple.fr"]) {
      const r = await api(p, "POST", IAM.register, {
        token,
        body: { loginId: { email }, password: "motdepasse-solide" },
      });
      expect(r.status, JSON.stringify(email)).toBe(400);
    }
    const reg = await api(p, "POST", IAM.register, {
      token,
      body: { loginId: { email: "profil@exemple.fr" }, password: "motdepasse-solide" },
    });
    expect(reg.status).toBe(200);
    const code = p.outbox().find((m) => m.to === "profil@exemple.fr")!.data.code!;
    await api(p, "POST", IAM.verify, { token, body: { code, stateToken: reg.json.stateToken } });
    const member = (await memberLogin(p, "profil@exemple.fr", "motdepasse-solide")).access_token;
    const id = reg.json.identity.id;
    for (const contact of [
      { phones: ["06\u202E12"] },
      { addresses: [{ streetAddress: { number: "1", name: "rue\u001b[31m" } }] },
      { addresses: [{ city: "Pa\uFEFFris" }] },
    ]) {
      const r = await api(p, "PATCH", `/members/v1/members/${id}`, { token: member, body: { member: { contact } } });
      expect(r.status, JSON.stringify(contact)).toBe(400);
    }
  });
});
