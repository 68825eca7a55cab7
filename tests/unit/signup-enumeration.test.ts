// Outside attack 3, finding 7: the site's sign-up form said "Un compte existe déjà avec cette adresse e-mail.", so
// anyone could learn who has an account. Whatever Wix (or the platform) answers for a taken address, the form now
// answers exactly as for a new one that needs its mailbox proved: the code step, the same page, the same cookie.
import { describe, expect, it } from "vitest";
import { createClient, OAuthStrategy } from "@wix/sdk";
import { EMBEDDED_CLIENT_ID } from "../../platform";
import { useEmbeddedPlatform } from "../support/platform";
import type { Commerce } from "~/.server/wix/commerce.server";
import { registerMember, verifyCode, readVerification } from "~/.server/account/auth.server";

useEmbeddedPlatform({ signupPolicy: "verify-email" }, { getClient: () => "198.51.100.8" });

async function signUp(email: string) {
  const wix = createClient({ modules: {}, auth: OAuthStrategy({ clientId: EMBEDDED_CLIENT_ID }) });
  await wix.auth.generateVisitorTokens();
  const commerce = { isMember: false, client: async () => wix } as unknown as Commerce;
  const form = new FormData();
  for (const [k, v] of Object.entries({
    firstName: "Eve",
    lastName: "Curieuse",
    email,
    password: "un-mot-de-passe-solide",
    confirm: "un-mot-de-passe-solide",
    returnTo: "/",
  }))
    form.set(k, v);
  const request = new Request("http://localhost:3000/account/register", { method: "POST" });
  const response = (await registerMember(request, commerce, form)) as Response;
  return { response, commerce };
}

describe("sign-up never tells whether an account exists", () => {
  it("a taken address and a new one get the same answer: the code step", async () => {
    const fresh = await signUp(`nouvelle-${Date.now()}@exemple.fr`);
    const taken = await signUp("demo@exemple.fr");
    for (const { response } of [fresh, taken]) {
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/account/verify");
      expect(response.headers.get("set-cookie")).toMatch(/^__verify=/);
    }
  });

  it("on the code step of a taken address, any code is just a wrong code", async () => {
    const { response, commerce } = await signUp("alex@exemple.fr");
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const pending = await readVerification(new Request("http://localhost:3000/account/verify", { headers: { cookie } }));
    expect(pending).not.toBeNull();
    const outcome = await verifyCode(commerce, pending!, "123456");
    expect(outcome).toEqual({ kind: "field", field: "code", message: "Code incorrect : vérifiez le dernier e-mail reçu." });
  });
});

describe("against real Wix, which answers emailAlreadyExists", () => {
  it("the form still answers the code step, where any code is a wrong code", async () => {
    const wix = {
      auth: {
        register: async () => ({ loginState: "FAILURE", errorCode: "emailAlreadyExists", error: "{}" }),
        processVerification: async () => {
          throw new Error("no verification state at Wix for a taken address");
        },
      },
    };
    const commerce = { isMember: false, client: async () => wix } as unknown as Commerce;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      firstName: "Eve",
      lastName: "C",
      email: "pris@exemple.fr",
      password: "mot-de-passe-8",
      confirm: "mot-de-passe-8",
    }))
      form.set(k, v);
    const response = (await registerMember(
      new Request("http://localhost:3000/account/register", { method: "POST" }),
      commerce,
      form,
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/account/verify");
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const pending = await readVerification(new Request("http://localhost:3000/account/verify", { headers: { cookie } }));
    expect(await verifyCode(commerce, pending!, "654321")).toEqual({
      kind: "field",
      field: "code",
      message: "Code incorrect : vérifiez le dernier e-mail reçu.",
    });
  });
});
