// Digital products' files (course material, e-books): Wix puts a `digitalFile` { fileId, link, expirationDate } on a
// paid order's DIGITAL line. Here the link is a signed, expiring URL on the app's origin, given only to the order's
// buyer (in their order, on the thank-you page and in the confirmation e-mail) and served only while the order is
// paid and not canceled.
import type { Ctx } from "../../core/context";
import type { DB } from "../../core/db";
import { nowSeconds } from "../../core/db";
import { html } from "../../core/http";
import type { LinkCheck } from "./order-links";
import { DOWNLOAD_LINK_TTL_SECONDS, signLink, verifyLink } from "./order-links";
import { errorPage } from "../../core/layout";

export interface DigitalFileRow {
  product_id: string;
  file_id: string;
  file_name: string;
  title: string;
}

export function digitalFileOf(ctx: Ctx, productId: string): DigitalFileRow | undefined {
  return ctx.db.prepare("SELECT * FROM digital_files WHERE product_id = ?").get(productId) as DigitalFileRow | undefined;
}

/** Seed hook: one file per digital product that has one. */
export function insertDigitalFile(db: DB, productId: string, file: { fileName: string; title: string }): void {
  db.prepare("INSERT OR REPLACE INTO digital_files (product_id, file_id, file_name, title) VALUES (?, ?, ?, ?)").run(
    productId,
    `file-${productId}`,
    file.fileName,
    file.title,
  );
}

interface OrderState {
  id: string;
  number: string;
  status: string;
  payment_status: string;
}

// A partial refund keeps the files; a full refund or a cancel takes them back.
const deliverable = (row: OrderState) => ["PAID", "PARTIALLY_REFUNDED"].includes(row.payment_status) && row.status !== "CANCELED";

/** The Wix `digitalFile` of a line, or undefined (not digital, no file, not paid). Each read signs a fresh link. */
export function digitalFileWire(
  ctx: Ctx,
  row: OrderState,
  line: { id?: unknown; catalogReference?: { catalogItemId?: unknown }; itemType?: { preset?: unknown } },
  appOrigin: string,
) {
  if (!deliverable(row) || line.itemType?.preset !== "DIGITAL" || typeof line.id !== "string") return undefined;
  const productId = line.catalogReference?.catalogItemId;
  const file = typeof productId === "string" ? digitalFileOf(ctx, productId) : undefined;
  if (!file) return undefined;
  const expiresAt = nowSeconds() + DOWNLOAD_LINK_TTL_SECONDS;
  const token = signLink(ctx, { purpose: "download", orderId: row.id, lineId: line.id, expiresAt });
  return {
    fileId: file.file_id,
    link: `${appOrigin}/_platform/telechargement?jeton=${encodeURIComponent(token)}`,
    expirationDate: new Date(expiresAt * 1000).toISOString(),
  };
}

export function linkRefusal(check: Exclude<LinkCheck, { ok: true }>, what: "download" | "follow"): Response {
  const noun = what === "download" ? "téléchargement" : "suivi";
  return check.reason === "expired"
    ? html(
        errorPage(
          "Lien expiré",
          `Ce lien de ${noun} a expiré. Retrouvez votre commande dans l'espace « Mes commandes » ou écrivez-nous pour recevoir un nouveau lien.`,
        ),
        410,
      )
    : html(
        errorPage(
          "Lien non valide",
          `Ce lien de ${noun} n'est pas valide : il a été modifié ou copié en partie. Utilisez le lien complet reçu par e-mail.`,
        ),
        403,
      );
}

/** GET /_platform/telechargement?jeton=… */
export function downloadGet(ctx: Ctx, url: URL): Response {
  const check = verifyLink(ctx, url.searchParams.get("jeton"), "download");
  if (!check.ok) return linkRefusal(check, "download");
  const row = ctx.db.prepare("SELECT id, number, status, payment_status, data FROM orders WHERE id = ?").get(check.claims.orderId) as
    (OrderState & { data: string }) | undefined;
  if (!row) return html(errorPage("Commande introuvable", "Cette commande n'existe plus."), 404);
  if (!deliverable(row))
    return html(
      errorPage("Téléchargement indisponible", "Le fichier est disponible une fois la commande payée (et tant qu'elle n'est pas annulée)."),
      403,
    );
  const order = JSON.parse(row.data) as {
    lineItems: { id: string; catalogReference: { catalogItemId: string }; productName: { original: string } }[];
  };
  const line = order.lineItems.find((l) => l.id === check.claims.lineId);
  const file = line ? digitalFileOf(ctx, line.catalogReference.catalogItemId) : undefined;
  if (!line || !file) return html(errorPage("Fichier introuvable", "Ce fichier n'existe pas pour cette commande."), 404);
  const body = simplePdf([line.productName.original, file.title, `Commande n° ${row.number}`, "Document de démonstration."]);
  return new Response(new Uint8Array(body), {
    headers: {
      "content-type": "application/pdf",
      "content-length": String(body.length),
      "content-disposition": `attachment; filename="${file.file_name.replace(/[^\w.-]/g, "_")}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** A one-page PDF (Helvetica, WinAnsi) with a few lines of text: the demo stands in for the owner's real files. */
export function simplePdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\xff]/g, "?");
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 56 ${780 - i * 28} Td (${esc(l)}) Tj ET`).join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Why a digital line shows no download yet (the order is not paid, or canceled). */
export function downloadsNotice(row: OrderState): string {
  return deliverable(row) ? "" : `<p class="muted">Les fichiers à télécharger sont disponibles une fois la commande payée.</p>`;
}
