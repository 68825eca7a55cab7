import { getConfig } from "./config.server";
import type { Commerce } from "../wix/commerce.server";
import { productBySlug } from "../catalog/catalog.server";
import { subjectForProduct, type ContactRequest, type ContactSubject } from "~/models/contact";
import { formatPhone } from "~/models/phone";

/**
 * The quote request reaches the owner through the commerce platform, not a side channel: a Wix Forms submission
 * (@wix/forms `submissions.createSubmission`, callable with the visitor's token) on the form CONTACT_FORM_ID. Wix
 * then notifies the owner and the sender as the form's automations say; the embedded platform stores it, e-mails
 * the owner and sends the acknowledgement (platform/forms/forms.ts).
 */
export async function submitContactRequest(commerce: Commerce, request: ContactRequest): Promise<void> {
  const wix = await commerce.client();
  const values: Record<string, string> = { name: request.name, email: request.email, subject: request.subject, message: request.message };
  for (const key of ["company", "budget", "dates", "product"] as const) if (request[key]) values[key] = request[key];
  // Written for the owner who reads the notification: "+33 6 12 34 56 78".
  if (request.phone) values.phone = formatPhone(request.phone);
  await wix.submissions.createSubmission({ formId: getConfig().contactFormId, submissions: values });
}

/** Field targets the platform may name in its submission errors, mapped to the form's inputs (all the same names). */
export const CONTACT_FIELDS = ["name", "email", "company", "phone", "subject", "message", "budget", "dates", "product"] as const;

/** ?produit=<slug> from a product page: the service's name and the subject it suggests, or null for an unknown slug. */
export async function quotedProduct(slug: string | null): Promise<{ name: string; subject: ContactSubject } | null> {
  if (!slug || !/^[a-z0-9-]{1,120}$/.test(slug)) return null;
  try {
    const product = await productBySlug(slug);
    const name = product.name ?? slug;
    return { name, subject: subjectForProduct(name) };
  } catch {
    // An unknown product leaves the form blank rather than failing the page.
    return null;
  }
}
