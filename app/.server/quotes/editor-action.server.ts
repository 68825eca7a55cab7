import { data } from "react-router";
import type { ElevatedClient } from "../admin/elevated-client.server";
import { AdminRefusal } from "../admin/actions.server";
import { refuseForm } from "../http/form.server";
import { redirectWithToast } from "../http/toast.server";
import { failedAction } from "../wix/errors.server";
import { BACKOFFICE_MESSAGES } from "../admin/messages.server";
import { parisToday } from "~/lib/paris-days";
import type { QuoteRecord } from "~/models/quote";
import { editorRowCount, parseQuoteEditor, type QuoteEditorField } from "~/models/quote-forms";
import type { FormValues } from "~/models/form-answer";
import { catalogServices, saveEditor } from "./editor.server";
import { sendQuote } from "./owner-quotes.server";

/**
 * The editor's POST (new quote, or a change of one): "Ajouter une ligne" answers the form with one more row; "save"
 * keeps a draft; "send" saves then sends. A refused form is a 400 with each message beside its field, values kept.
 */
export async function editorAction(request: Request, admin: ElevatedClient, existing: QuoteRecord | null) {
  const values: FormValues<QuoteEditorField> = {};
  const form = await request.formData();
  for (const [key, value] of form)
    if (typeof value === "string" && !(key in values) && key.length <= 40) values[key as QuoteEditorField] = value.slice(0, 2000);
  const intent = form.get("intent");
  if (intent === "add-line") return data({ values, rows: editorRowCount(values, 1) });
  const parsed = parseQuoteEditor(values, new Map((await catalogServices()).map((s) => [s.id, s])), parisToday());
  if (!parsed.ok) return refuseForm<QuoteEditorField>(parsed);
  try {
    const saved = await saveEditor(admin, parsed.content, existing);
    const message = intent === "send" ? await sendQuote(admin, saved) : `Devis ${saved.number} enregistré (brouillon).`;
    return redirectWithToast(request, `/admin/devis/${saved.number}`, { type: "success", title: message });
  } catch (error) {
    if (error instanceof AdminRefusal) return refuseForm<QuoteEditorField>({ values, formError: error.message });
    return failedAction(request, error, {
      redirectTo: existing ? `/admin/devis/${existing.number}` : "/admin/devis",
      messages: BACKOFFICE_MESSAGES,
    });
  }
}
