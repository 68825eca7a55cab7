import type { CreditNoteLink } from "~/models/order";

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });

/**
 * The credit notes (factures d'avoir) of an order's refunds, each with what it gives back and its date, beside the
 * invoice they correct: the buyer's order pages and the owner's order page list them alike.
 */
export function CreditNoteList({ notes }: { notes: CreditNoteLink[] | undefined }) {
  if (!notes?.length) return null;
  return (
    <ul className="credit-notes" aria-label="Factures d'avoir">
      {notes.map((n) => (
        <li key={n.number}>
          <a href={n.href}>Facture d'avoir n° {n.number} (PDF)</a> : −{n.amount.formatted}, le {dateFormat.format(new Date(n.issuedAt))}
        </li>
      ))}
    </ul>
  );
}
