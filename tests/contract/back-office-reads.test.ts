// The back-office's other new platform calls through the SDK: a contact request's status (Wix Forms'
// seen flag and trash bin: bulkMarkSubmissionsAsSeen, deleteSubmission, listDeletedSubmissions,
// restoreSubmissionFromTrashBin) and the members search anywhere in names and e-mail (queryMembers' `search`).
import { ApiKeyStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import { submissions } from "@wix/forms";
import { members } from "@wix/members";
import { describe, expect, it } from "vitest";
import { CONTACT_FORM_ID, CONTACT_FORM_NAMESPACE } from "../../platform/forms/forms";
import { clientId, isWix, rejection, usePlatform } from "./harness";

const API_KEY = "back-office-reads-api-key-0123456789";
usePlatform({ apiKey: API_KEY });

const admin = () => createClient({ modules: { submissions, members }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: "" }) });
const visitor = () => createClient({ modules: { submissions }, auth: OAuthStrategy({ clientId }) });

async function submit(name: string) {
  const created = await visitor().submissions.createSubmission({
    formId: CONTACT_FORM_ID,
    submissions: { name, email: "nadia@exemple.fr", subject: "audit", message: "Un audit de notre application, svp." },
  });
  return created._id!;
}
const listed = async () =>
  (await admin().submissions.querySubmissionsByNamespace().eq("namespace", CONTACT_FORM_NAMESPACE).find()).items.map((s) => ({
    id: s._id,
    seen: s.seen,
  }));

describe.skipIf(isWix)("contact request statuses (Wix Forms)", () => {
  it("new (not seen), handled (seen), archived (trash bin, not listed), restored", async () => {
    const id = await submit("Nadia Statut");
    expect((await listed()).find((s) => s.id === id)?.seen).toBe(false);
    const job = await admin().submissions.bulkMarkSubmissionsAsSeen([id], CONTACT_FORM_ID);
    expect(typeof job.jobId).toBe("string");
    expect((await listed()).find((s) => s.id === id)?.seen).toBe(true);

    await admin().submissions.deleteSubmission(id, { permanent: false });
    expect((await listed()).some((s) => s.id === id)).toBe(false);
    const trash = await admin().submissions.listDeletedSubmissions(CONTACT_FORM_ID, { paging: { limit: 100 } });
    expect(trash.submissions?.map((s) => s._id)).toContain(id);

    const restored = await admin().submissions.restoreSubmissionFromTrashBin(id);
    expect(restored.submission?._id).toBe(id);
    expect(restored.submission?.seen).toBe(true);
    expect((await listed()).some((s) => s.id === id)).toBe(true);
  });

  it("a visitor's token may not read, mark, archive or restore requests (403)", async () => {
    const id = await submit("Nadia Refus");
    const v = createClient({ modules: { submissions }, auth: OAuthStrategy({ clientId }) });
    await v.auth.generateVisitorTokens();
    for (const call of [
      () => v.submissions.bulkMarkSubmissionsAsSeen([id], CONTACT_FORM_ID),
      () => v.submissions.deleteSubmission(id),
      () => v.submissions.listDeletedSubmissions(CONTACT_FORM_ID),
      () => v.submissions.restoreSubmissionFromTrashBin(id),
    ])
      expect((await rejection(call)).details?.applicationError?.code).toBe("PERMISSION_DENIED");
  });
});

describe.skipIf(isWix)("members search (queryMembers' search)", () => {
  it("finds the expression anywhere in the e-mail, first or last name, ignoring case and accents", async () => {
    const search = (expression: string) =>
      admin()
        .members.queryMembers({
          fieldsets: ["FULL"],
          search: { expression, fields: ["loginEmail", "contact.firstName", "contact.lastName"] },
        })
        .find();
    expect((await search("GARNIER")).items.map((m) => m.loginEmail)).toEqual(["lea@exemple.fr"]);
    expect((await search("lea")).items.map((m) => m.loginEmail)).toEqual(["lea@exemple.fr"]);
    expect((await search("noe@exem")).items.map((m) => m.loginEmail)).toEqual(["noe@exemple.fr"]);
    expect((await search("exemple.fr")).totalCount).toBeGreaterThan(5);
    const refused = await rejection(() =>
      admin()
        .members.queryMembers({ search: { expression: "x", fields: ["contact.phones"] } })
        .find(),
    );
    expect(refused.details?.validationError?.fieldViolations?.[0]?.field).toMatch(/search\.fields$/);
  });
});
