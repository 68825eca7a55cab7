import { z } from "zod";
import type { ElevatedClient } from "../admin/elevated-client.server";
import { runButtonIntent } from "../admin/actions.server";
import { parisToday } from "~/lib/paris-days";
import { quoteListRow } from "./list-row.server";
import { catalogServices, newQuoteValues, quoteBoard } from "./editor.server";
import { editorAction } from "./editor-action.server";
import { requestBalance, requestDepositAgain, sendQuote } from "./owner-quotes.server";
import { ownerQuote, quotePdfResponse } from "./owner-view.server";
import { listQuotes } from "./store.server";

/** The quote page's buttons: their intent only (a hidden value: a wrong one is a changed page, said in a notification). */
const quoteIntentForm = z.object({ intent: z.enum(["send", "balance", "deposit"]) });

/**
 * The owner's quotes, as `ownerOf(context).quotes` (docs/decisions/0048-owner-handler.md): the list and the dashboard's
 * figures, a quote and its PDFs, the editor's values and POST, the quote page's actions. The elevated client stays here.
 */
export function quoteHandler(admin: ElevatedClient) {
  return {
    /** The list page: the latest version of each quote, newest first. */
    list: async () => {
      const today = parisToday();
      return (await listQuotes(admin)).map((q) => ({
        id: q.number,
        ...quoteListRow(q, today),
        validUntil: new Date(`${q.validUntil}T12:00:00Z`).toLocaleDateString("fr-FR", { timeZone: "Europe/Paris" }),
      }));
    },
    /** The dashboard's figures: waiting for an answer, awaiting their deposit, balances due or to ask. */
    board: async () => quoteBoard(await listQuotes(admin)),
    /** A quote's latest version, its payments brought up to date (the 404 screen for an unknown number). */
    read: (number: string) => ownerQuote(admin, number),
    /** The editor's first values: the contact request `requestId` answers, when there is one. */
    newValues: (requestId: string | null) => newQuoteValues(admin, requestId),
    services: catalogServices,
    /** The editor's POST: a new quote, or a change of the quote `number` (a draft in place, a sent one's next version). */
    save: async (request: Request, number?: string) => editorAction(request, admin, number ? await ownerQuote(admin, number) : null),
    /** The quote page's buttons: send (again), ask for the balance, ask for the deposit again. */
    act: async (request: Request, number: string) => {
      return runButtonIntent(request, `/admin/devis/${number}`, await request.formData(), quoteIntentForm, ({ intent }) => ({
        run: async () => {
          const q = await ownerQuote(admin, number);
          return intent === "send" ? sendQuote(admin, q) : intent === "balance" ? requestBalance(admin, q) : requestDepositAgain(admin, q);
        },
      }));
    },
    /** The quote's PDF, or one of its invoices' (`F-…`). */
    pdf: async (number: string, invoiceNumber?: string) => quotePdfResponse(await ownerQuote(admin, number), invoiceNumber),
  };
}
