import { formatPrice } from "~/lib/money";
import { QUOTE_UNITS, VAT_RATE_PERCENT, type QuoteLine, type QuoteRecord, type QuoteTotals } from "~/models/quote";

const money = (cents: number) => formatPrice(cents / 100);
const quantity = (l: QuoteLine) => `${l.quantity} ${QUOTE_UNITS.find((u) => u.value === l.unit)?.label ?? ""}`.trim();
const day = (ymd: string) => new Date(`${ymd}T12:00:00Z`).toLocaleDateString("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });

/** A quote's lines and totals (HT, TVA, TTC), its deposit and validity: the client's page and the owner's read alike. */
export function QuoteSummary({ quote, totals }: { quote: QuoteRecord; totals: QuoteTotals }) {
  return (
    <div className="quote-summary">
      {/* Focusable, so a keyboard can scroll it when it is wider than the screen. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`Prestations du devis ${quote.number}`}>
        <table className="quote-table">
          <caption className="visually-hidden">Détail des prestations du devis {quote.number}</caption>
          <thead>
            <tr>
              <th scope="col">Désignation</th>
              <th scope="col" className="num quote-narrow-hidden">
                Quantité
              </th>
              <th scope="col" className="num quote-narrow-hidden">
                Prix unitaire HT
              </th>
              <th scope="col" className="num">
                Total HT
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((l, i) => (
              <tr key={i}>
                <td>
                  {l.label}
                  <span className="quote-line-detail">
                    {quantity(l)} × {money(l.unitPriceCents)} HT
                  </span>
                </td>
                <td className="num quote-narrow-hidden">{quantity(l)}</td>
                <td className="num quote-narrow-hidden">{money(l.unitPriceCents)}</td>
                <td className="num">{money(totals.lines[i]?.ht ?? 0)}</td>
              </tr>
            ))}
            {totals.travelHt ? (
              <tr>
                <td>Frais de déplacement</td>
                <td className="num quote-narrow-hidden">1 forfait</td>
                <td className="num quote-narrow-hidden">{money(totals.travelHt)}</td>
                <td className="num">{money(totals.travelHt)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <dl className="quote-totals">
        {totals.discountHt ? (
          <div>
            <dt>Remise HT</dt>
            <dd>−{money(totals.discountHt)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Total HT</dt>
          <dd>{money(totals.totalHt)}</dd>
        </div>
        <div>
          <dt>{quote.vat === "franchise" ? "TVA non applicable, art. 293 B du CGI" : `TVA ${VAT_RATE_PERCENT} %`}</dt>
          <dd>{quote.vat === "franchise" ? "—" : money(totals.vat)}</dd>
        </div>
        <div className="quote-total">
          <dt>Total TTC</dt>
          <dd>{money(totals.totalTtc)}</dd>
        </div>
        <div>
          <dt>Acompte à l'acceptation</dt>
          <dd>{money(totals.deposit)}</dd>
        </div>
        <div>
          <dt>Solde à la fin de la mission</dt>
          <dd>{money(totals.balance)}</dd>
        </div>
      </dl>
      <p className="quote-validity">
        Valable jusqu'au {day(quote.validUntil)}. {quote.paymentTerms}
      </p>
    </div>
  );
}
