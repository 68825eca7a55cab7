import { describe, expect, it } from "vitest";
import { TokenRole } from "@wix/sdk";
import { sealValue, unsealValue } from "~/.server/account/cookie-crypto.server";
import { sessionSetCookie } from "~/.server/account/session.server";

const OLD = "an-old-secret-of-at-least-16";
const NEW = "a-new-secret-of-at-least-16!";

describe("sealed cookie values", () => {
  it("opens what it sealed, with the first secret or any later one (rotation)", () => {
    const value = { a: { v: "access", e: 1 }, r: { v: "refresh", m: true } };
    expect(unsealValue(sealValue(value, [OLD]), [OLD])).toEqual(value);
    expect(unsealValue(sealValue(value, [OLD]), [NEW, OLD])).toEqual(value);
    expect(unsealValue(sealValue(value, [NEW, OLD]), [NEW])).toEqual(value);
    expect(unsealValue(sealValue(value, [OLD]), [NEW])).toBeNull();
  });

  it("refuses a tampered, truncated or foreign value, and keeps nothing from a prototype key", () => {
    const sealed = sealValue({ x: 1 }, [OLD]);
    const flipped = sealed.slice(0, -3) + (sealed.at(-3) === "A" ? "B" : "A") + sealed.slice(-2);
    expect(unsealValue(flipped, [OLD])).toBeNull();
    expect(unsealValue(sealed.slice(0, 20), [OLD])).toBeNull();
    expect(unsealValue("eyJ4IjoxfQ", [OLD])).toBeNull();
    expect(unsealValue(42, [OLD])).toBeNull();
    const opened = unsealValue(sealValue(JSON.parse('{"__proto__":{"polluted":true},"ok":1}'), [OLD]), [OLD]) as Record<string, unknown>;
    expect(opened.ok).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(opened, "__proto__")).toBe(false);
  });

  it("never shows the Wix tokens in the session cookie", async () => {
    const tokens = {
      accessToken: { value: "ACCESS-TOKEN-VISIBLE", expiresAt: 2_000_000_000 },
      refreshToken: { value: "REFRESH-TOKEN-VISIBLE", role: TokenRole.MEMBER },
    };
    const setCookie = await sessionSetCookie(new Request("http://localhost/"), tokens);
    const raw = decodeURIComponent(setCookie.split(";")[0]!.slice("__session=".length));
    const decoded = Buffer.from(raw.slice(0, raw.lastIndexOf(".")), "base64").toString("utf8");
    expect(decoded).not.toContain("REFRESH-TOKEN-VISIBLE");
    expect(decoded).not.toContain("ACCESS-TOKEN-VISIBLE");
    expect(setCookie.length).toBeLessThan(1024);
  });
});
