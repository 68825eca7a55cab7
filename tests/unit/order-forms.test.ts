import { describe, expect, it } from "vitest";
import { parseForm } from "~/.server/http/form.server";
import { tagForm } from "~/.server/admin/order-tags.server";
import { noteFormSchema, refundFormSchema, shipFormSchema } from "~/models/order-forms";

/**
 * The owner's order forms as zod schemas (app/models/order-forms.ts, decision 0022): every error at once beside its
 * field, in French, what was typed kept; a valid form becomes the plan the SDK call is made from.
 */

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

const refundable = {
  lines: [
    { id: "l1", name: "T-shirt", available: 2 },
    { id: "l2", name: "Livre Git", available: 1 },
  ],
  shippingLeft: false,
};

describe("the refund form", () => {
  it("says every error at once: a quantity out of range, shipping already refunded, no reason, a long message", () => {
    const result = parseForm(
      refundFormSchema(refundable),
      form({ "qty-l1": "3", shipping: "on", reason: "", message: "x".repeat(1001), intent: "refund" }),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.fieldErrors).toEqual({
      lines: "Quantité à rembourser pour « T-shirt » : entre 0 et 2.",
      shipping: "Les frais de livraison sont déjà remboursés ou la commande n'en a pas.",
      reason: "Choisissez le motif du remboursement.",
      message: "Le message au client ne peut dépasser 1000 caractères.",
    });
    expect(result.values).toMatchObject({ "qty-l1": "3", shipping: "on" });
  });

  it("asks for a line or the shipping when nothing is chosen", () => {
    const result = parseForm(refundFormSchema(refundable), form({ "qty-l1": "0", "qty-l2": "", reason: "GOODWILL" }));
    expect(!result.ok && result.fieldErrors).toEqual({ lines: "Choisissez au moins un article ou les frais de livraison." });
  });

  it("a valid refund is the plan: the lines with units, the reason, the checkboxes", () => {
    const result = parseForm(
      refundFormSchema(refundable),
      form({ "qty-l1": "2", "qty-l2": "0", reason: "RETURNED", message: "  Désolé  ", notify: "on" }),
    );
    expect(result.ok && result.data).toEqual({
      lines: [{ id: "l1", name: "T-shirt", quantity: 2 }],
      shipping: false,
      reason: "RETURNED",
      message: "Désolé",
      notify: true,
      restock: false,
    });
  });
});

describe("the shipping form", () => {
  const toFulfil = [{ id: "l1", name: "T-shirt", quantity: 1 }];

  it("another carrier needs its name and an https:// tracking link, beside each field", () => {
    const result = parseForm(
      shipFormSchema(toFulfil),
      form({ "ship-l1": "2", carrier: "other", trackingNumber: "AB 12", trackingLink: "http://suivi.example/AB12" }),
    );
    expect(!result.ok && result.fieldErrors).toEqual({
      lines: "Quantité à expédier pour « T-shirt » : entre 0 et 1.",
      carrierName: "Nom du transporteur : 1 à 60 caractères.",
      trackingLink: "Lien de suivi : une adresse https:// complète.",
    });
  });

  it("a tracking number is read without its spaces, and must be 4 to 40 letters, digits or dashes", () => {
    const ok = parseForm(shipFormSchema(toFulfil), form({ "ship-l1": "1", carrier: "colissimo", trackingNumber: "6A 1234 5678" }));
    expect(ok.ok && ok.data).toEqual({
      lines: [{ id: "l1", name: "T-shirt", quantity: 1 }],
      carrier: "colissimo",
      trackingNumber: "6A12345678",
    });
    const bad = parseForm(shipFormSchema(toFulfil), form({ "ship-l1": "1", carrier: "nope", trackingNumber: "a/b" }));
    expect(!bad.ok && bad.fieldErrors).toEqual({
      carrier: "Choisissez le transporteur.",
      trackingNumber: "Numéro de suivi : 4 à 40 lettres, chiffres ou tirets.",
    });
  });
});

describe("the note and the tag", () => {
  it("a note is 1 to 2000 characters once trimmed", () => {
    expect(parseForm(noteFormSchema, form({ message: "   " })).ok).toBe(false);
    expect(parseForm(noteFormSchema, form({ message: "x".repeat(2001) })).ok).toBe(false);
    const ok = parseForm(noteFormSchema, form({ message: " Rappeler le client " }));
    expect(ok.ok && ok.data).toEqual({ message: "Rappeler le client" });
  });

  it("a tag is letters, digits, spaces or dashes, 40 at most; the typed one is kept when refused", () => {
    const bad = parseForm(tagForm, form({ intent: "tag-add", tag: "<script>" }));
    expect(!bad.ok && bad.fieldErrors).toEqual({
      tag: "Saisissez une étiquette (lettres, chiffres, espaces ou tirets, 40 caractères au plus).",
    });
    expect(bad.values.tag).toBe("<script>");
    const ok = parseForm(tagForm, form({ intent: "tag-remove", tag: " à rappeler " }));
    expect(ok.ok && ok.data).toMatchObject({ intent: "tag-remove", tag: "à rappeler" });
  });
});
