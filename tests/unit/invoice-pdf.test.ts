import { createRequire } from "node:module";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { orderTransactions, orders } from "@wix/ecom";
import { renderInvoicePdf, type InvoiceData } from "~/.server/orders/invoice-pdf.server";
import { renderCreditNotePdf } from "~/.server/orders/credit-note-pdf.server";
import { creditNoteData, invoiceData } from "~/.server/orders/invoice-data.server";
import { VAT_EXEMPTION, type LegalIdentity } from "~/content/legal";

/**
 * The invoice carries the publisher's legal identity (SIRET, and the VAT number or the franchise mention)
 * and the business buyer's company and VAT number when given. The browser test reads a consumer's invoice; these
 * are the two legal variants it does not reach.
 */

const STANDARD_FONTS = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

const SELLER: LegalIdentity = {
  businessName: "Julien Moreau EI",
  siret: "123 456 789 00012",
  vatNumber: "FR12123456789",
  vatExempt: false,
  address: "12 rue des Lilas, 69003 Lyon",
  email: "contact@exemple.fr",
  host: "Hébergeur",
  mediator: "Médiateur",
};

const INVOICE: InvoiceData = {
  number: "F-10042",
  orderNumber: "10042",
  issueDate: "2026-11-20T10:00:00Z",
  currency: "EUR",
  buyer: {
    name: "Claire Martin",
    company: "Atelier Martin SARL",
    vatNumber: "FR98765432109",
    email: "claire@exemple.fr",
    address: ["5 place Bellecour", "69002 Lyon", "France"],
  },
  lines: [{ name: "TypeScript au quotidien", quantity: 2, total: 7800, tax: 1300, rate: 20 }],
  discount: 0,
  paidBy: "card",
  refunds: [],
};

async function textOf(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS }).promise;
  let text = "";
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((i) => ("str" in i ? i.str : "")).join(" ") + "\n";
  }
  return text.replace(/\s+/g, " ");
}

describe("invoice PDF: the legal mentions", () => {
  it("a VAT-registered seller: SIRET, VAT number, the rate on each line; the business buyer's company and VAT number", async () => {
    const text = await textOf(await renderInvoicePdf(INVOICE, SELLER));
    expect(text).toContain("Facture n° F-10042");
    expect(text).toContain("SIRET : 123 456 789 00012");
    expect(text).toContain("TVA intracommunautaire : FR12123456789");
    expect(text).not.toContain(VAT_EXEMPTION);
    expect(text).toContain("Atelier Martin SARL");
    expect(text).toContain("TVA intracommunautaire : FR98765432109");
    expect(text).toContain("20 %");
  });

  it("a seller under the VAT franchise: the art. 293 B mention instead of a VAT number, no rate on the lines", async () => {
    const text = await textOf(await renderInvoicePdf(INVOICE, { ...SELLER, vatExempt: true }));
    expect(text).toContain(VAT_EXEMPTION);
    expect(text).not.toContain("FR12123456789");
    expect(text).not.toContain("20 %");
  });

  it("a consumer without company or VAT number: no empty business lines", async () => {
    const consumer = { ...INVOICE, buyer: { ...INVOICE.buyer, company: undefined, vatNumber: undefined } };
    const text = await textOf(await renderInvoicePdf(consumer, SELLER));
    expect(text).toContain("Claire Martin");
    expect(text).not.toContain("Atelier Martin SARL");
    expect(text.match(/TVA intracommunautaire/g)).toHaveLength(1);
  });
});

describe("invoice PDF: any name prints as typed", () => {
  it("names with Ł, ő, ñ and Greek letters, and the discount's minus sign, come out of the PDF as they went in", async () => {
    const invoice: InvoiceData = {
      ...INVOICE,
      buyer: {
        ...INVOICE.buyer,
        name: "O'Brien-Łukasz Erdős",
        company: "Peña & Παπαδόπουλος",
        address: ["Ὀδὸς Ἑρμοῦ 12", "105 63 Ἀθῆναι"],
      },
      lines: [
        { name: "T-shirt « Typé et fier » (Taille : M, Couleur : Bleu nuit)", quantity: 1, total: 8280, tax: 1380, rate: 20 },
        { name: "Łódź, Győr, España — Ωμέγα", quantity: 1, total: 1000, tax: 167, rate: 20 },
      ],
      discount: 920,
    };
    const text = await textOf(await renderInvoicePdf(invoice, SELLER));
    expect(text).toContain("O'Brien-Łukasz Erdős");
    expect(text).toContain("Peña & Παπαδόπουλος");
    expect(text).toContain("Ὀδὸς Ἑρμοῦ 12");
    expect(text).toContain("Łódź, Győr, España — Ωμέγα");
    expect(text).toContain("« Typé et fier »");
    expect(text).toMatch(/Dont remise −9,20\s€/);
  });
});

describe("credit note PDF: a refund's facture d'avoir", () => {
  const price = (cents: number) => ({ amount: (cents / 100).toFixed(2) });
  const TSHIRT = "2b7e7f39-3a8e-4d0f-9a51-1f0c1c2b0a01";
  const MUG = "2b7e7f39-3a8e-4d0f-9a51-1f0c1c2b0a02";
  const order = {
    _id: "9f3c1a52-0d6e-4b8a-8f53-5b2a7c1d9e10",
    number: "10042",
    currency: "EUR",
    paymentStatus: "PARTIALLY_REFUNDED",
    _createdDate: new Date("2026-11-20T10:00:00Z"),
    activities: [{ type: "ORDER_PAID", _createdDate: new Date("2026-11-20T10:05:00Z") }],
    buyerInfo: { email: "lukasz@exemple.pl" },
    billingInfo: {
      contactDetails: { firstName: "Łukasz", lastName: "Erdős-Peña" },
      address: { addressLine1: "ul. Piękna 7", postalCode: "00-549", city: "Warszawa", country: "PL" },
    },
    lineItems: [
      {
        _id: TSHIRT,
        productName: { original: "T-shirt « Typé et fier »" },
        quantity: 2,
        totalPriceAfterTax: price(5000),
        taxDetails: { totalTax: price(833), taxRate: "0.2" },
      },
      {
        _id: MUG,
        productName: { original: "Mug « It works »" },
        quantity: 1,
        totalPriceAfterTax: price(1400),
        taxDetails: { totalTax: price(233), taxRate: "0.2" },
      },
    ],
    shippingInfo: { title: "Colissimo", cost: { price: price(490), taxDetails: { totalTax: price(82), taxRate: "0.2" } } },
    priceSummary: { discount: price(0) },
  } as unknown as orders.Order;
  const returned: orderTransactions.Refund = {
    _id: "5d1c7e0a-9b2f-4c3e-8a6d-7e4f1b2c3d40",
    _createdDate: new Date("2026-11-25T09:00:00Z"),
    transactions: [{ refundStatus: "SUCCEEDED", amount: price(2990), externalRefund: false }],
    details: {
      lineItems: [{ lineItemId: TSHIRT, quantity: 1 }],
      shipping: { amount: price(490) },
      reason: "Article retourné",
    },
    summary: { breakdown: { lineItems: [{ lineItemId: TSHIRT, totalRefundedAmount: price(2500) }] } },
  };
  const gesture: orderTransactions.Refund = {
    _id: "5d1c7e0a-9b2f-4c3e-8a6d-7e4f1b2c3d41",
    _createdDate: new Date("2026-11-26T09:00:00Z"),
    transactions: [{ refundStatus: "SUCCEEDED", amount: price(600), externalRefund: true }],
    details: {},
  };
  const notes = [
    { number: "AV-2026-0007", refundId: returned._id!, issuedAt: "2026-11-25T09:00:05Z", amountCents: 2990 },
    { number: "AV-2026-0008", refundId: gesture._id!, issuedAt: "2026-11-26T09:00:05Z", amountCents: 600 },
  ];
  const invoice = invoiceData(order, [returned, gesture], false, notes);

  it("its own number, the invoice it corrects, the lines given back in negative with their VAT, the date, seller and buyer", async () => {
    const text = await textOf(await renderCreditNotePdf(creditNoteData(order, returned, notes[0]!, invoice), SELLER));
    expect(text).toContain("Facture d'avoir n° AV-2026-0007");
    expect(text).toContain("Date d'émission : 25 novembre 2026 · Commande n° 10042");
    expect(text).toContain("Rectifie la facture n° F-10042 du 20 novembre 2026");
    expect(text).toContain("SIRET : 123 456 789 00012");
    expect(text).toContain("Łukasz Erdős-Peña");
    expect(text).toContain("ul. Piękna 7");
    expect(text).toMatch(/T-shirt « Typé et fier » 1 −20,83\s€ 20 % −25,00\s€/);
    expect(text).toMatch(/Livraison : Colissimo 1 −4,08\s€ 20 % −4,90\s€/);
    expect(text).not.toContain("Mug");
    expect(text).toMatch(/Total HT −24,91\s€ TVA −4,99\s€ Total TTC −29,90\s€/);
    expect(text).toMatch(/Avoir remboursé : 29,90\s€ sur la carte bancaire du paiement le 25 novembre 2026\./);
    expect(text).toContain("Motif : Article retourné");
  });

  it("an amount refunded without items: one line of what went back, with the invoice's VAT; recorded outside when paid offline", async () => {
    const text = await textOf(await renderCreditNotePdf(creditNoteData(order, gesture, notes[1]!, invoice), SELLER));
    expect(text).toContain("Facture d'avoir n° AV-2026-0008");
    expect(text).toMatch(/Remboursement sans retour d'article 1 −5,00\s€ 20 % −6,00\s€/);
    expect(text).toMatch(/Total TTC −6,00\s€/);
    expect(text).toContain("hors ligne");
    expect(text).not.toContain("Motif");
  });

  it("the invoice names the credit note of each refund made since", async () => {
    const text = await textOf(await renderInvoicePdf(invoice, SELLER));
    expect(text).toMatch(/29,90\s€ le 25 novembre 2026 \(facture d'avoir n° AV-2026-0007\)/);
    expect(text).toMatch(/6,00\s€ le 26 novembre 2026 \(facture d'avoir n° AV-2026-0008\)/);
  });
});

describe("invoice PDF: VAT by rate and exports", () => {
  const MIXED: InvoiceData = {
    ...INVOICE,
    lines: [
      { name: "TypeScript au quotidien", quantity: 1, total: 3900, tax: 203, rate: 5.5 },
      { name: "Mug « It works »", quantity: 1, total: 1120, tax: 187, rate: 20 },
      { name: "Livraison : Livraison standard", quantity: 1, total: 490, tax: 82, rate: 20 },
    ],
  };

  it("several rates: each with the amount before VAT it falls on, then the VAT in all", async () => {
    const text = await textOf(await renderInvoicePdf(MIXED, SELLER));
    expect(text).toMatch(/TypeScript au quotidien 1 36,97\s€ 5,5 % 39,00\s€/);
    expect(text).toMatch(/TVA 20 % sur 13,41\s€ HT 2,69\s€/);
    expect(text).toMatch(/TVA 5,5 % sur 36,97\s€ HT 2,03\s€/);
    expect(text).toMatch(/TVA 4,72\s€ Total TTC 55,10\s€/);
    expect(text).not.toContain("262 I");
  });

  it("goods shipped outside the EU: no VAT on them and the article of the tax code that exempts them", async () => {
    const exported: InvoiceData = {
      ...MIXED,
      exported: true,
      lines: MIXED.lines.map((l) => ({ ...l, tax: 0, rate: 0 })),
    };
    const text = await textOf(await renderInvoicePdf(exported, SELLER));
    expect(text).toContain("Exonération de TVA, article 262 I du CGI (biens expédiés hors de l'Union européenne).");
    expect(text).toMatch(/TVA 0,00\s€ Total TTC 55,10\s€/);
  });

  it("reads the export from Wix's order: a physical line at rate 0", () => {
    const order = {
      number: "10050",
      currency: "EUR",
      lineItems: [
        {
          itemType: { preset: "PHYSICAL" },
          taxDetails: { taxRate: "0", totalTax: { amount: "0.00" } },
          totalPriceAfterTax: { amount: "39.00" },
        },
      ],
    } as unknown as orders.Order;
    expect(invoiceData(order, [], false).exported).toBe(true);
    const france = { ...order, lineItems: [{ ...order.lineItems![0]!, taxDetails: { taxRate: "0.055" } }] } as orders.Order;
    expect(invoiceData(france, [], false).exported).toBe(false);
  });
});
