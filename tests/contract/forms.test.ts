// Contact / quote requests through the real @wix/forms SDK: a visitor's submission, the owner's listing.
import { ApiKeyStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import { submissions } from "@wix/forms";
import { describe, expect, it } from "vitest";
import { CONTACT_FORM_ID, CONTACT_FORM_NAMESPACE } from "../../platform/forms/forms";
import { clientId, isWix, OWNER_TOKEN, rejection, usePlatform } from "./harness";

const API_KEY = "forms-contract-api-key-0123456789";
const ctx = usePlatform({ ownerEmail: "proprietaire@exemple.fr", apiKey: API_KEY });

const visitor = () => createClient({ modules: { submissions }, auth: OAuthStrategy({ clientId }) });
/** The owner's elevated identity on the embedded platform: its owner token as the Authorization header. */
const owner = () =>
  createClient({ modules: { submissions }, auth: { getAuthHeaders: async () => ({ headers: { Authorization: OWNER_TOKEN } }) } });

/** The back-office's client: the site's API key (Wix's ApiKeyStrategy), as /admin/contact reads the requests. */
const elevated = () => createClient({ modules: { submissions }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: "" }) });

const request = {
  name: "Nadia Contact",
  email: "nadia@exemple.fr",
  company: "Exemple SAS",
  subject: "formation",
  message: "Nous cherchons une formation TypeScript de trois jours pour six personnes.",
  budget: "5 000 €",
};

describe.skipIf(isWix)("form submissions (embedded platform)", () => {
  it("a visitor submits the contact form: stored CONFIRMED, the owner and the sender are e-mailed", async () => {
    const created = await visitor().submissions.createSubmission({ formId: CONTACT_FORM_ID, submissions: request });
    expect(created._id).toEqual(expect.any(String));
    expect(created.status).toBe("CONFIRMED");
    expect(created.namespace).toBe(CONTACT_FORM_NAMESPACE);
    expect(created.submissions).toEqual(request);
    expect(created._createdDate).toBeInstanceOf(Date);
    expect(created.submitter?.visitorId).toEqual(expect.any(String));

    const mails = ctx.platform.outbox().filter((m) => m.data.submissionId === created._id);
    const toOwner = mails.find((m) => m.kind === "form-submission");
    const toSender = mails.find((m) => m.kind === "form-acknowledgement");
    expect(toOwner?.to).toBe("proprietaire@exemple.fr");
    expect(toOwner?.text).toContain(request.message);
    expect(toOwner?.text).toContain("Société : Exemple SAS");
    expect(toOwner?.data.replyTo).toBe(request.email);
    expect(toSender?.to).toBe(request.email);
    expect(toSender?.subject).toBe("Votre demande a bien été reçue");
  });

  it("refuses unknown fields and missing required values, naming each one (errorPath, errorType)", async () => {
    const e = await rejection(() =>
      visitor().submissions.createSubmission({ formId: CONTACT_FORM_ID, submissions: { name: "A", email: "pas-un-email", color: "red" } }),
    );
    expect(e.details?.applicationError?.code).toBe("SUBMISSION_VALIDATION");
    const errors = (e.details?.applicationError?.data as { submissionErrors: { errorPath: string; errorType: string }[] }).submissionErrors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ errorPath: "color", errorType: "UNKNOWN_VALUE_ERROR" }),
        expect.objectContaining({ errorPath: "email", errorType: "FORMAT_ERROR" }),
        expect.objectContaining({ errorPath: "subject", errorType: "REQUIRED_VALUE_ERROR" }),
        expect.objectContaining({ errorPath: "message", errorType: "REQUIRED_VALUE_ERROR" }),
      ]),
    );
  });

  it("an unknown form is a 404 FORM_NOT_FOUND", async () => {
    const e = await rejection(() =>
      visitor().submissions.createSubmission({ formId: "00000000-0000-0000-0000-000000000000", submissions: request }),
    );
    expect(e.details?.applicationError?.code).toBe("FORM_NOT_FOUND");
  });

  it("the owner lists the submissions; a visitor's token is refused", async () => {
    const listed = await owner().submissions.querySubmissionsByNamespace().eq("namespace", CONTACT_FORM_NAMESPACE).find();
    expect(listed.items.length).toBeGreaterThanOrEqual(1);
    expect(listed.items[0]?.submissions?.email).toBe(request.email);
    const e = await rejection(() => visitor().submissions.querySubmissionsByNamespace().eq("namespace", CONTACT_FORM_NAMESPACE).find());
    expect(e.details?.applicationError?.code).toBe("PERMISSION_DENIED");
  });

  it("the elevated client (site API key) lists them too", async () => {
    const listed = await elevated().submissions.querySubmissionsByNamespace().eq("namespace", CONTACT_FORM_NAMESPACE).limit(100).find();
    expect(listed.items.map((s) => s.submissions?.email)).toContain(request.email);
    expect(listed.items[0]?._createdDate).toBeInstanceOf(Date);
  });
});
