import { describe, expect, it, vi } from "vitest";
import { createCookie } from "react-router";
import { redirectWithToast, takeToast } from "~/.server/http/toast.server";
import { appCookies } from "~/.server/account/cookies.server";
import { forgetConfig, getConfig } from "~/.server/site/config.server";
import { sealValue } from "~/.server/account/cookie-crypto.server";

function cookieHeader(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

describe("flash notifications", () => {
  it("an action's redirect carries the toast and the next request reads it once", async () => {
    const post = new Request("http://localhost/preferences/theme", { method: "POST" });
    const response = await redirectWithToast(post, "/", { type: "success", title: "Enregistré" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__toast=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const next = new Request("http://localhost/", { headers: { Cookie: cookieHeader(setCookie) } });
    const { toast, headers } = await takeToast(next);
    expect(toast).toMatchObject({ type: "success", title: "Enregistré" });
    expect(headers.get("Set-Cookie")).toMatch(/^__toast=;.*Max-Age=0/);
  });

  it("keeps other Set-Cookie headers next to the toast", async () => {
    const post = new Request("http://localhost/x", { method: "POST" });
    const response = await redirectWithToast(
      post,
      "/",
      { type: "message", title: "Bonjour" },
      { headers: { "Set-Cookie": "theme=dark; Path=/" } },
    );
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies.some((c) => c.startsWith("theme=dark"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("__toast="))).toBe(true);
  });

  it("is Secure when the public origin is https", async () => {
    vi.stubEnv("PUBLIC_ORIGIN", "https://shop.example");
    forgetConfig();
    try {
      const post = new Request("http://localhost/x", { method: "POST" });
      const response = await redirectWithToast(post, "/", { type: "error", title: "Oups" });
      expect(response.headers.get("Set-Cookie")).toMatch(/; Secure/);
    } finally {
      vi.unstubAllEnvs();
      forgetConfig();
    }
  });

  it("ignores a toast cookie signed with another secret or tampered with", async () => {
    const foreign = createCookie("__toast", { secrets: ["someone-else-secret-123"] });
    const forged = await foreign.serialize({ id: "1", type: "success", title: "Faux" });
    const { toast } = await takeToast(new Request("http://localhost/", { headers: { Cookie: cookieHeader(forged) } }));
    expect(toast).toBeNull();

    const genuine = await appCookies().toast.serialize({ id: "2", type: "success", title: "Vrai" });
    const tampered = cookieHeader(genuine).replace(/^__toast=./, "__toast=A");
    expect((await takeToast(new Request("http://localhost/", { headers: { Cookie: tampered } }))).toast).toBeNull();
  });

  it("ignores a genuine cookie whose content is not a toast", async () => {
    const odd = await appCookies().toast.serialize(sealValue({ type: "virus", title: "<script>" }, getConfig().sessionSecrets));
    const { toast } = await takeToast(new Request("http://localhost/", { headers: { Cookie: cookieHeader(odd) } }));
    expect(toast).toBeNull();
  });
});
