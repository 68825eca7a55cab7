import { createRequire } from "node:module";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { renderInvoicePdf, type InvoiceData } from "~/.server/orders/invoice-pdf.server";
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
