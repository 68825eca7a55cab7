import { describe, expect, it } from "vitest";
import { quoteTotals, effectiveStatus, quoteNumber, quoteRank } from "~/models/quote";
import { acceptSchema, editorValues, parseQuoteEditor, readEuros, refuseSchema, type CatalogService } from "~/models/quote-forms";
import type { FormValues } from "~/models/form-answer";
import type { QuoteEditorField } from "~/models/quote-forms";

const TODAY = "2026-12-01";
const AUDIT: CatalogService = { id: "11111111-1111-4111-8111-111111111111", name: "Audit d'architecture", priceHtCents: 100_000 };
const CATALOG = new Map([[AUDIT.id, AUDIT]]);

/** A valid editor form: one custom line of 5 days at 650 € HT. */
function form(extra: FormValues<QuoteEditorField> = {}): FormValues<QuoteEditorField> {
  return {
    clientName: "Claire Martin",
    clientCompany: "Atelier Martin SARL",
    clientEmail: "claire@exemple.fr",
    clientAddress: "3 rue des Lilas",
    clientPostalCode: "69003",
    clientCity: "Lyon",
    clientCountry: "FR",
    clientVatNumber: "FR 12 345678901",
    lineCount: "1",
    "line-0-label": "Développement",
    "line-0-qty": "5",
    "line-0-unit": "jour",
    "line-0-price": "650",
    discountKind: "none",
    vat: "standard",
    depositKind: "percent",
    depositValue: "30",
    validUntil: "2026-12-31",
    paymentTerms: "",
    ...extra,
  };
}

const refusal = (values: FormValues<QuoteEditorField>) => {
  const r = parseQuoteEditor(values, CATALOG, TODAY);
  if (r.ok) throw new Error("expected a refusal");
  return r;
};

describe("the quote editor's rules (French errors beside their field, values kept)", () => {
  it("reads a valid quote: client, lines, VAT number normalized, default payment terms", () => {
    const r = parseQuoteEditor(form(), CATALOG, TODAY);
    expect(r.ok).toBe(true);
    const content = r.ok ? r.content : null;
    expect(content?.client.vatNumber).toBe("FR12345678901");
    expect(content?.lines).toEqual([{ label: "Développement", quantity: 5, unit: "jour", unitPriceCents: 65_000 }]);
    expect(content?.paymentTerms).toMatch(/Acompte/);
  });

  it("refuses negative days beside the quantity, keeping what was typed", () => {
    const r = refusal(form({ "line-0-qty": "-2" }));
    expect(r.fieldErrors["line-0-qty"]).toMatch(/nombre entier de 1 à 1000/);
    expect(r.values["line-0-qty"]).toBe("-2");
  });

  it("refuses a negative price and a 0 € quote", () => {
    expect(refusal(form({ "line-0-price": "-650" })).fieldErrors["line-0-price"]).toBe("Le prix unitaire ne peut pas être négatif.");
    expect(refusal(form({ "line-0-price": "0" })).fieldErrors.lines).toBe("Le devis est à 0 € : indiquez le prix des prestations.");
  });

  it("refuses a deposit over the total, as an amount or a percentage", () => {
    expect(refusal(form({ depositKind: "amount", depositValue: "5000" })).fieldErrors.depositValue).toMatch(/inférieur au total TTC/);
    expect(refusal(form({ depositValue: "100" })).fieldErrors.depositValue).toMatch(/inférieur au total TTC/);
    expect(refusal(form({ depositValue: "140" })).fieldErrors.depositValue).toMatch(/entre 0 et 100/);
  });

  it("refuses a validity in the past, and accepts today", () => {
    expect(refusal(form({ validUntil: "2026-11-30" })).fieldErrors.validUntil).toMatch(/est passée/);
    expect(parseQuoteEditor(form({ validUntil: TODAY }), CATALOG, TODAY).ok).toBe(true);
  });

  it("refuses a validity over a year away (a typo of the year, or longer than the client's link lives), and accepts a year", () => {
    expect(refusal(form({ validUntil: "2076-12-01" })).fieldErrors.validUntil).toBe(
      "Un devis reste valable un an au plus : choisissez une date jusqu'au 01/12/2027.",
    );
    expect(refusal(form({ validUntil: "2027-12-02" })).fieldErrors.validUntil).toMatch(/un an au plus/);
    expect(parseQuoteEditor(form({ validUntil: "2027-12-01" }), CATALOG, TODAY).ok).toBe(true);
  });

  it("refuses a VAT number that is not one", () => {
    expect(refusal(form({ clientVatNumber: "FR123" })).fieldErrors.clientVatNumber).toMatch(/numéro de TVA intracommunautaire/);
  });

  it("refuses a quote without lines, and a discount larger than the lines", () => {
    expect(refusal(form({ "line-0-label": "", "line-0-price": "" })).fieldErrors.lines).toMatch(/au moins une ligne/);
    expect(refusal(form({ discountKind: "amount", discountValue: "4000" })).fieldErrors.discountValue).toMatch(/dépasse/);
  });

  it("a catalog line takes the service's name and price when left empty; an unknown service is refused", () => {
    const r = parseQuoteEditor(
      form({ "line-0-label": "", "line-0-price": "", "line-0-product": AUDIT.id, "line-0-qty": "1" }),
      CATALOG,
      TODAY,
    );
    expect(r.ok && r.content.lines[0]).toEqual({
      productId: AUDIT.id,
      label: AUDIT.name,
      quantity: 1,
      unit: "jour",
      unitPriceCents: 100_000,
    });
    expect(refusal(form({ "line-0-product": "22222222-2222-4222-8222-222222222222" })).fieldErrors["line-0-product"]).toMatch(
      /plus au catalogue/,
    );
  });

  it("a saved quote gives back the values that read as the same quote", () => {
    const first = parseQuoteEditor(form({ discountKind: "percent", discountValue: "10", travel: "45,50" }), CATALOG, TODAY);
    if (!first.ok) throw new Error("valid form refused");
    const again = parseQuoteEditor(editorValues(first.content), CATALOG, TODAY);
    expect(again.ok && again.content).toEqual(first.content);
  });
});

describe("the quote's figures", () => {
  it("prices lines with VAT as Wix does, then the discount, travel costs, deposit and balance", () => {
    const t = quoteTotals({
      lines: [{ label: "Dév", quantity: 5, unit: "jour", unitPriceCents: 65_000 }],
      discount: { kind: "percent", basisPoints: 1000 },
      travelCents: 4_550,
      vat: "standard",
      deposit: { kind: "percent", basisPoints: 3000 },
    });
    expect(t).toMatchObject({ subtotalHt: 325_000, discountHt: 32_500, travelHt: 4_550, totalHt: 297_050 });
    expect(t.totalTtc).toBe(390_000 - 39_000 + 5_460);
    expect(t.vat).toBe(t.totalTtc - t.totalHt);
    expect(t.deposit + t.balance).toBe(t.totalTtc);
    expect(t.deposit).toBe(Math.round(t.totalTtc * 0.3));
  });

  it("under the franchise a quote has no VAT", () => {
    const t = quoteTotals({
      lines: [{ label: "Audit", quantity: 1, unit: "forfait", unitPriceCents: 100_000 }],
      discount: null,
      travelCents: 0,
      vat: "franchise",
      deposit: { kind: "amount", cents: 30_000 },
    });
    expect(t).toMatchObject({ totalHt: 100_000, vat: 0, totalTtc: 100_000, deposit: 30_000, balance: 70_000 });
  });

  it("a sent quote past its last day reads expired; an accepted one does not", () => {
    expect(effectiveStatus({ status: "SENT", validUntil: "2026-11-30" }, TODAY)).toBe("EXPIRED");
    expect(effectiveStatus({ status: "VIEWED", validUntil: TODAY }, TODAY)).toBe("VIEWED");
    expect(effectiveStatus({ status: "ACCEPTED", validUntil: "2026-11-30" }, TODAY)).toBe("ACCEPTED");
  });

  it("numbers quotes D-<year>-<rank> and reads the rank back for that year only", () => {
    expect(quoteNumber(2026, 7)).toBe("D-2026-0007");
    expect(quoteRank("D-2026-0007", 2026)).toBe(7);
    expect(quoteRank("D-2025-0007", 2026)).toBeNull();
  });

  it("reads euros as French people type them", () => {
    expect(readEuros("1 200,50 €", "Prix")).toEqual({ ok: true, cents: 120_050 });
    expect(readEuros("12,345", "Prix").ok).toBe(false);
  });
});

describe("invisible direction characters in what the client and the owner read", () => {
  // U+202E turns the rest of a line around on the page, in the PDF and in the e-mail: "1 jour" reads "ruoj 1".
  const RLO = "\u202E";
  const MESSAGE = /contient un caractère invisible d'inversion du texte : retirez-le\./;

  it("are refused beside a line's label, the company and the payment terms, the values kept", () => {
    const r = refusal(
      form({ "line-0-label": `Audit ${RLO}00,0001`, clientCompany: `Atelier${RLO} Martin`, paymentTerms: `Comptant${RLO}` }),
    );
    expect(r.fieldErrors["line-0-label"]).toMatch(MESSAGE);
    expect(r.fieldErrors.clientCompany).toMatch(MESSAGE);
    expect(r.fieldErrors.paymentTerms).toMatch(MESSAGE);
    expect(r.values["line-0-label"]).toBe(`Audit ${RLO}00,0001`);
  });

  it("are refused in the client's reason for refusing", () => {
    const r = refuseSchema.safeParse({ reason: `Trop cher${RLO}` });
    expect(r.error?.issues[0]?.message).toMatch(MESSAGE);
  });
});

describe("the client's name and company, greeted in the site's e-mails", () => {
  // A contact request prefills them, typed by whoever sent it (with anyone's e-mail address): a link there would be
  // e-mailed from the site itself ("Bonjour <name>,"), one the mail client makes clickable.
  it("refuse a web address, beside the field, the value kept", () => {
    const r = refusal(form({ clientName: "Claire, payez sur https://paiement.example", clientCompany: "Voir www.paiement.example" }));
    expect(r.fieldErrors.clientName).toBe("Le nom du client ne doit pas contenir d'adresse web.");
    expect(r.fieldErrors.clientCompany).toBe("Le nom de la société ne doit pas contenir d'adresse web.");
    expect(r.values.clientName).toBe("Claire, payez sur https://paiement.example");
  });
});

describe("the client's acceptance", () => {
  it("needs a name and the « Bon pour accord » tick", () => {
    const r = acceptSchema.safeParse({ signatureName: "Claire Martin" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Cochez « Bon pour accord » pour accepter le devis.");
    expect(acceptSchema.safeParse({ signatureName: "Claire Martin", approval: "on" }).success).toBe(true);
  });
});
