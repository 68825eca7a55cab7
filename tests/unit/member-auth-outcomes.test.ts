// The login and sign-up forms' messages depend only on what Wix can send: real SDK results from the
// embedded platform, plus the states the SDK defines that the platform cannot produce.
import { describe, expect, it } from "vitest";
import { createClient, OAuthStrategy } from "@wix/sdk";
import { EMBEDDED_CLIENT_ID } from "../../platform";
import { useEmbeddedPlatform } from "../support/platform";
import { CAPTCHA_REQUIRED, INVALID_CREDENTIALS, outcomeOf, PASSWORD_REFUSED } from "~/.server/account/auth-outcomes.server";

const client = () => createClient({ modules: {}, auth: OAuthStrategy({ clientId: EMBEDDED_CLIENT_ID }) });

useEmbeddedPlatform({}, { getClient: () => "198.51.100.7" });

describe("member form outcomes", () => {
  it("unknown e-mail and wrong password: the same field message", async () => {
    const c = client();
    const unknown = outcomeOf((await c.auth.login({ email: "personne@exemple.fr", password: "peu-importe" })) as never, "login");
    const wrong = outcomeOf((await c.auth.login({ email: "demo@exemple.fr", password: "pas-le-bon" })) as never, "login");
    expect(unknown).toEqual({ kind: "field", field: "password", message: INVALID_CREDENTIALS });
    expect(wrong).toEqual(unknown);
  });

  it("on login, invalidEmail (what the SDK makes of any code it does not know) is the same message too", () => {
    const wixUnknownCode = {
      loginState: "FAILURE",
      errorCode: "invalidEmail",
      error: JSON.stringify({ details: { applicationError: { code: "-19999" } } }),
    };
    expect(outcomeOf(wixUnknownCode, "login")).toEqual({ kind: "field", field: "password", message: INVALID_CREDENTIALS });
    expect(outcomeOf(wixUnknownCode, "register")).toMatchObject({ kind: "field", field: "email" });
  });

  it("throttled login (-19971 → missingCaptchaToken) and the SDK's captcha states: one clear French message", async () => {
    const c = client();
    for (let i = 0; i < 5; i++) await c.auth.login({ email: "alex@exemple.fr", password: `faux-${i}` });
    const throttled = outcomeOf((await c.auth.login({ email: "alex@exemple.fr", password: "motdepasse-alex" })) as never, "login");
    expect(throttled).toEqual({ kind: "form", message: CAPTCHA_REQUIRED });
    expect(outcomeOf({ loginState: "USER_CAPTCHA_REQUIRED" }, "login")).toEqual({ kind: "form", message: CAPTCHA_REQUIRED });
    expect(outcomeOf({ loginState: "SILENT_CAPTCHA_REQUIRED" }, "login")).toEqual({ kind: "form", message: CAPTCHA_REQUIRED });
  });

  it("a refused password on sign-up (a field violation, no invented code) goes beside the password field", async () => {
    const weak = outcomeOf((await client().auth.register({ email: "faible@exemple.fr", password: "court" })) as never, "register");
    expect(weak).toEqual({ kind: "field", field: "password", message: PASSWORD_REFUSED });
  });
});
