import type { ElevatedClient } from "./owner.server";
import { mapLoaderErrors } from "./wix-errors.server";
import { CONTACT_SUBJECTS, type ContactRequestRow } from "~/models/contact";

/** Wix Forms' namespace for forms built in the Wix Forms app, the one `/contact` submits to (platform/forms/forms.ts). */
const FORMS_NAMESPACE = "wix.form_app.form";
const LATEST = 100;

type Sdk = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The quote requests the site received, newest first: Wix Forms submissions read with the elevated client (the
 * owner's "Manage Submissions" permission; a visitor's or member's token is refused).
 */
export async function listContactRequests(admin: ElevatedClient): Promise<ContactRequestRow[]> {
  return mapLoaderErrors(async () => {
    const found = await admin.submissions.querySubmissionsByNamespace().eq("namespace", FORMS_NAMESPACE).limit(LATEST).find();
    return found.items.map((item) => {
      const v = (item.submissions ?? {}) as Sdk;
      const subject = CONTACT_SUBJECTS.find((s) => s.value === v.subject);
      const created = item._createdDate;
      return {
        id: item._id ?? "",
        createdDate: created instanceof Date ? created.toISOString() : text(created),
        name: text(v.name),
        email: text(v.email),
        company: text(v.company),
        phone: text(v.phone),
        subject: subject?.label ?? text(v.subject),
        message: text(v.message),
        budget: text(v.budget),
        dates: text(v.dates),
        product: text(v.product),
      };
    });
  });
}
