// A new password is hashed off the main thread. scrypt costs tens of milliseconds of CPU (38 ms measured by the
// attack): done with scryptSync, every sign-up and password reset stalled every other request of the process for that
// long (48 sign-ups from 8 clients pushed /healthz to 520 ms). Done in libuv's pool (crypto.scrypt), the event loop
// keeps turning while it runs. Asserted by what the event loop does meanwhile, never by a duration: a sign-up or a
// reset must let it turn before it is answered, as a login (already hashed off the thread) does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform } from "../../../platform/index";
import { api, fixturePlatform, IAM, ORIGIN, visitorToken } from "./helpers";

let p: Platform;
beforeAll(() => {
  p = fixturePlatform({ ownerToken: "owner-token-for-password-hashing-test" });
});
afterAll(() => p.close());

/**
 * How many times the event loop reached its check phase (setImmediate) while `work` ran. Work done entirely on the
 * main thread, between awaits that resolve at once, is answered before the loop turns even once.
 */
async function loopTurnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  await work();
  done = true;
  return turns;
}

const register = (token: string, email: string) =>
  api(p, "POST", IAM.register, { token, body: { loginId: { email }, password: "motdepasse-solide" } });

describe("passwords are hashed off the main thread", () => {
  it("a login lets the event loop turn while it checks the password (the reference)", async () => {
    const token = await visitorToken(p);
    const turns = await loopTurnsDuring(() =>
      api(p, "POST", IAM.login, {
        token,
        body: { loginId: { email: "demo@exemple.fr" }, password: "motdepasse-demo" },
      }),
    );
    expect(turns).toBeGreaterThan(0);
  });

  it("a sign-up lets the event loop turn while it hashes the new password", async () => {
    const token = await visitorToken(p);
    let status = 0;
    const turns = await loopTurnsDuring(async () => (status = (await register(token, "hachage.inscription@exemple.fr")).status));
    expect(status).toBe(200);
    expect(turns).toBeGreaterThan(0);
  });

  it("a password reset lets the event loop turn while it hashes the new password", async () => {
    const token = await visitorToken(p);
    await api(p, "POST", IAM.sendEmail, { token, body: { email: "demo@exemple.fr" } });
    const link = p.outbox().find((m) => m.kind === "password-reset")!.data.url!;
    const resetToken = new URL(link).searchParams.get("token")!;
    let status = 0;
    const turns = await loopTurnsDuring(async () => {
      const res = await p.fetch(
        new Request(`${ORIGIN}/_platform/reset-password`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
          body: new URLSearchParams({ token: resetToken, password: "nouveau-motdepasse", confirm: "nouveau-motdepasse" }).toString(),
        }),
      );
      status = res.status;
    });
    expect(status).toBe(200);
    expect(turns).toBeGreaterThan(0);
  });
});
