// A multipart POST without a boundary is the client's mistake: every hosted page answers it with a French 400 page,
// logged as a refused request (one line), never a 500 and a stack trace. The body parser threw on it, and the
// platform took the throw for its own failure.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Platform } from "../../../platform/index";
import { fixturePlatform, ORIGIN } from "./helpers";

let p: Platform;
beforeAll(() => {
  p = fixturePlatform({ ownerToken: "owner-token-for-malformed-forms-test" });
});
afterAll(() => p.close());
afterEach(() => vi.restoreAllMocks());

const HOSTED_POSTS = [
  "login",
  "signup",
  "verify",
  "forgot",
  "reset-password",
  "checkout",
  "commande/confirmer",
  "owner/members?token=owner-token-for-malformed-forms-test",
];

describe("a multipart form without a boundary", () => {
  it.each(HOSTED_POSTS)("POST /_platform/%s answers a French 400 page, logged as a refusal without a stack", async (path) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const res = await p.fetch(
      new Request(`${ORIGIN}/_platform/${path}`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data", origin: ORIGIN, accept: "text/html" },
        body: "session=x&code=123456",
      }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("Le formulaire envoyé est illisible");
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).toHaveBeenCalledTimes(1);
    expect(String(warnings.mock.calls[0]![0])).toMatch(/^\[platform\] refused \(400\)/);
    expect(warnings.mock.calls.flat().join(" ")).not.toMatch(/\n\s+at /);
  });
});
