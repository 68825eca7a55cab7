// The contact form's acknowledgement is no relay. It went to whatever address was typed and quoted the sender's name
// and message (5,000 characters, links allowed) from the shop's own identity, as often as the per-client limit let
// (5 a minute); the Forms API took `"x" <victim@…>` for an address. Now an acknowledgement to an address the sender
// has not proved carries no text the sender chose, a mailbox (whatever its +tag) gets one a day, and an address in
// display-name syntax is refused like any malformed one. The owner still gets every request whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform } from "../../../platform/index";
import { CONTACT_FORM_ID } from "../../../platform/forms/forms";
import { api, fixturePlatform, memberLogin, visitorToken } from "./helpers";

let p: Platform;
beforeAll(() => {
  p = fixturePlatform({ ownerEmail: "proprietaire@exemple.fr" });
});
afterAll(() => p.close());

const LURE = "Votre colis est bloqué : payez les frais sur https://colis-exemple.example/payer";

async function submit(values: Record<string, string>, token?: string) {
  return api(p, "POST", "/form-submission-service/v4/submissions", {
    token: token ?? (await visitorToken(p)),
    body: {
      submission: { formId: CONTACT_FORM_ID, submissions: { subject: "autre", message: LURE, name: "Service Livraison", ...values } },
    },
  });
}

const acknowledgementsTo = (mailbox: RegExp) => p.outbox().filter((m) => m.kind === "form-acknowledgement" && mailbox.test(m.to));

describe("the contact form's acknowledgement", () => {
  it("to an address its sender has not proved, carries no text the sender chose: no name, no message, no link", async () => {
    const res = await submit({ email: "victime.relais@exemple.fr" });
    expect(res.status).toBe(200);
    const [ack] = acknowledgementsTo(/^victime\.relais@/);
    expect(ack).toBeDefined();
    for (const chosen of ["Service Livraison", "colis", "https://", "payez"]) expect(ack!.text).not.toContain(chosen);
    expect(ack!.links).toEqual([]);
    // The owner's notice keeps the whole request.
    const notice = p.outbox().find((m) => m.kind === "form-submission" && m.data.submissionId === res.json.submission.id);
    expect(notice?.text).toContain(LURE);
  });

  it("goes to a mailbox once a day, whatever its +tag; every request still reaches the owner", async () => {
    for (const email of ["inonde@exemple.fr", "inonde+1@exemple.fr", "INONDE+2@exemple.fr", "inonde@exemple.fr"])
      expect((await submit({ email })).status).toBe(200);
    expect(acknowledgementsTo(/^inonde(\+\d)?@exemple\.fr$/i)).toHaveLength(1);
    expect(p.outbox().filter((m) => m.kind === "form-submission" && /inonde/i.test(m.data.replyTo ?? ""))).toHaveLength(4);
  });

  it.each([
    ['"Service" <victime@exemple.fr>'],
    ['"x"<victime@exemple.fr>'],
    ["Service <victime@exemple.fr>"],
    ["victime@exemple.fr, autre@exemple.fr"],
  ])("refuses %s as the sender's address, like any malformed one", async (email) => {
    const res = await submit({ email });
    expect(res.status).toBe(400);
    expect(res.json.details.applicationError.data.submissionErrors).toEqual([
      expect.objectContaining({ errorPath: "email", errorType: "FORMAT_ERROR" }),
    ]);
  });

  it("to a member's own proved address, quotes the request back", async () => {
    const { access_token } = await memberLogin(p);
    expect((await submit({ email: "demo@exemple.fr", name: "Camille" }, access_token)).status).toBe(200);
    const [ack] = acknowledgementsTo(/^demo@exemple\.fr$/);
    expect(ack?.text).toContain(LURE);
  });
});
