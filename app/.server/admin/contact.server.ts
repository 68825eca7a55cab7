import { z } from "zod";
import type { ElevatedClient } from "./elevated-client.server";
import { getConfig } from "../site/config.server";
import { AdminRefusal, runButtonIntent } from "./actions.server";
import { mapLoaderErrors } from "../wix/errors.server";
import { CONTACT_REQUEST_STATUSES, CONTACT_SUBJECTS, type ContactRequestRow, type ContactRequestStatus } from "~/models/contact";
import { isPlatformId } from "~/models/ids";

/** Wix Forms' namespace for forms built in the Wix Forms app, the one `/contact` submits to (platform/forms/forms.ts). */
const FORMS_NAMESPACE = "wix.form_app.form";
const LATEST = 100;

type Sdk = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The quote requests the site received, newest first: Wix Forms submissions read with the elevated client (the
 * owner's "Manage Submissions" permission; a visitor's or member's token is refused). Their status is Wix's own:
 * new = not seen, handled = seen (bulkMarkSubmissionsAsSeen), archived = in the form's trash bin (deleteSubmission,
 * restorable with restoreSubmissionFromTrashBin, listed by listDeletedSubmissions).
 */
function toRow(
  item: Sdk & { _id?: string; _createdDate?: unknown; submissions?: unknown; seen?: unknown },
  archived: boolean,
): ContactRequestRow {
  const v = (item.submissions ?? {}) as Sdk;
  const subject = CONTACT_SUBJECTS.find((s) => s.value === v.subject);
  const created = item._createdDate;
  const status: ContactRequestStatus = archived ? "ARCHIVED" : item.seen === true ? "HANDLED" : "NEW";
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
    status,
    statusLabel: CONTACT_REQUEST_STATUSES[status],
  };
}

export async function listContactRequests(
  admin: ElevatedClient,
  options: { includeArchived?: boolean } = {},
): Promise<ContactRequestRow[]> {
  return mapLoaderErrors(async () => {
    const [found, trash] = await Promise.all([
      admin.submissions.querySubmissionsByNamespace().eq("namespace", FORMS_NAMESPACE).limit(LATEST).find(),
      options.includeArchived ? admin.submissions.listDeletedSubmissions(getConfig().contactFormId, { paging: { limit: LATEST } }) : null,
    ]);
    const rows = found.items.map((item) => toRow(item as never, false));
    const archived = (trash?.submissions ?? []).map((item) => toRow(item as never, true));
    return [...rows, ...archived].sort((a, b) => b.createdDate.localeCompare(a.createdDate));
  });
}

export type ContactAction = "handled" | "archive" | "restore";

/** Moves one request: handled (seen), archived (trash bin) or back from the archive. */
export async function contactAction(admin: ElevatedClient, id: string, action: ContactAction): Promise<string> {
  // Checked before the SDK writes it into a request path (app/models/ids.ts).
  if (!isPlatformId(id)) throw new AdminRefusal("Demande introuvable.");
  const formId = getConfig().contactFormId;
  if (action === "handled") {
    await admin.submissions.bulkMarkSubmissionsAsSeen([id], formId);
    return "Demande marquée comme traitée.";
  }
  if (action === "archive") {
    await admin.submissions.deleteSubmission(id, { permanent: false });
    return "Demande archivée.";
  }
  await admin.submissions.restoreSubmissionFromTrashBin(id);
  return "Demande sortie des archives.";
}

/** The buttons of a request: its intent and its id (hidden fields only: a refusal is a notification). */
const contactForm = z.object({ intent: z.enum(["handled", "archive", "restore"]), requestId: z.string().max(100).default("") });

export async function runContactIntent(admin: ElevatedClient, request: Request, back: string) {
  return runButtonIntent(request, back, await request.formData(), contactForm, ({ requestId, intent }) => ({
    run: () => contactAction(admin, requestId, intent),
  }));
}
