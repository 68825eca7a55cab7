import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform } from "../../../platform/index";
import { checkCard, luhnValid } from "../../../platform/pages/card-form";
import { KEPT_ANSWERS_MAX, keepAnswer, keptAnswers, takeAnswer } from "../../../platform/pages/form-answers";
import { seedId } from "../../../platform/seed/seed-ids";
import { addToCart, api, checkoutSession, fixturePlatform, form, ORIGIN, TEST_CARD, visitorToken } from "./helpers";

const API_KEY = "card-form-test-api-key-0123456789";
let p: Platform;
beforeAll(() => {
  p = fixturePlatform({ apiKey: API_KEY });
});
afterAll(() => p.close());

const NOW = new Date("2026-12-01T12:00:00Z");
const fields = (f: Record<string, string>) => new URLSearchParams(f);
const get = async (location: string) => (await p.fetch(new Request(new URL(location, ORIGIN)))).text();

describe("the card form's checks", () => {
  it("answers every wrong field at once, in French, keeping the number and never the security code", () => {
    const checked = checkCard(fields({ cardNumber: "4242 4242 4242 4241", expiry: "", cvc: "", holder: "Camille Martin" }), NOW);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.answer.errors).toEqual({
      cardNumber: "Numéro de carte invalide : vérifiez les chiffres saisis.",
      expiry: "Indiquez la date d'expiration de la carte (MM/AA).",
      cvc: "Indiquez le cryptogramme : les 3 chiffres au dos de la carte.",
    });
    expect(checked.answer.values).toEqual({ cardNumber: "4242 4242 4242 4241", expiry: "", holder: "Camille Martin" });
  });

  it("checks the Luhn sum, a month not past, 3 digits and a holder's name", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    const wrong = (f: Record<string, string>) => {
      const c = checkCard(fields({ ...TEST_CARD, ...f }), NOW);
      return c.ok ? {} : c.answer.errors;
    };
    expect(wrong({ expiry: "11/26" })).toEqual({
      expiry: "Cette carte a expiré : utilisez une carte dont la date d'expiration n'est pas passée.",
    });
    expect(wrong({ expiry: "12/26" })).toEqual({});
    expect(wrong({ cvc: "12" })).toEqual({ cvc: "Cryptogramme invalide : 3 chiffres, au dos de la carte." });
    expect(wrong({ cvc: "1234" })).toEqual({ cvc: "Cryptogramme invalide : 3 chiffres, au dos de la carte." });
    expect(wrong({ holder: " " })).toEqual({ holder: "Indiquez le nom du titulaire, tel qu'il figure sur la carte." });
    // A real card (Luhn-valid) is not the demo's: refused beside the number.
    expect(wrong({ cardNumber: "5555 5555 5555 4444" })).toEqual({
      cardNumber: "Numéro de carte invalide. Utilisez la carte de test 4242 4242 4242 4242.",
    });
  });

  it("keeps answers for a bounded count, each read once and only by its own page", () => {
    const id = keepAnswer("checkout:a", { notice: "x" });
    expect(takeAnswer(id, "checkout:b")).toEqual({});
    expect(takeAnswer(id, "checkout:a")).toEqual({ notice: "x" });
    expect(takeAnswer(id, "checkout:a")).toEqual({});
    for (let i = 0; i < KEPT_ANSWERS_MAX + 50; i++) keepAnswer(`checkout:${i}`, { notice: "flood" });
    expect(keptAnswers()).toBe(KEPT_ANSWERS_MAX);
  });
});

describe("the hosted payment page's card form", () => {
  it("a refused card redirects to a GET showing three errors beside their fields; the URL holds no card data", async () => {
    const token = await visitorToken(p);
    await addToCart(p, token, seedId("prod-audit"), 1);
    const { session } = await checkoutSession(p, token);
    const res = await form(p, "/_platform/checkout", {
      session,
      action: "pay",
      cardNumber: "4242 4242 4242 4241",
      expiry: "",
      cvc: "98",
      holder: "Léa",
    });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/_platform\/checkout\?session=[^&]+&reponse=[\w-]{24}$/);
    const html = await get(location);
    expect(html).toContain(
      'id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" maxlength="40" value="4242 4242 4242 4241" aria-invalid="true" aria-describedby="cardNumber-error"',
    );
    expect(html).toContain('<p class="field-error" id="expiry-error">Indiquez la date d');
    expect(html).toContain('aria-describedby="cvc-hint cvc-error"');
    expect(html).not.toContain('value="98"');
    expect(html).toContain("3 champs sont à corriger");
    expect(html).toContain('<a href="#cvc">');
  });
});

describe("pay on delivery", () => {
  const TSHIRT = { Taille: "L", Couleur: "Bleu" };
  const setCeiling = (ceilingCents: number) =>
    api(p, "POST", "/wix-data/v2/items/update", {
      headers: { authorization: API_KEY },
      body: { dataCollectionId: "SiteSettings", dataItem: { id: "paiement-a-la-livraison", data: { ceilingCents } } },
    });
  const offered = (html: string) => html.includes("Commander et payer à la livraison");

  it("is neither offered nor accepted for a cart with a training besides a T-shirt", async () => {
    const token = await visitorToken(p);
    await addToCart(p, token, seedId("prod-audit"), 1);
    await addToCart(p, token, seedId("prod-tshirt"), 1, { options: TSHIRT });
    const { session } = await checkoutSession(p, token);
    expect(offered(await get(`/_platform/checkout?session=${session}`))).toBe(false);
    const forged = await form(p, "/_platform/checkout", { session, action: "offline" });
    expect(forged.status).toBe(303);
    expect(await get(forged.headers.get("location")!)).toContain(
      "Le paiement à la livraison est réservé aux commandes d&#39;articles livrés",
    );
    const orders = await api(p, "POST", "/ecom/v1/orders/search", { token, body: { search: {} } });
    expect(orders.json.orders).toHaveLength(0);
  });

  it("is offered for goods under the owner's ceiling, refused over it, and follows a change of the ceiling", async () => {
    const token = await visitorToken(p);
    await addToCart(p, token, seedId("prod-tshirt"), 1, { options: TSHIRT });
    const { session } = await checkoutSession(p, token);
    expect(offered(await get(`/_platform/checkout?session=${session}`))).toBe(true);
    expect((await setCeiling(1000)).status).toBe(200);
    expect(offered(await get(`/_platform/checkout?session=${session}`))).toBe(false);
    const forged = await form(p, "/_platform/checkout", { session, action: "offline" });
    expect(await get(forged.headers.get("location")!)).toContain("réservé aux commandes de 10,00");
    expect((await setCeiling(30_000)).status).toBe(200);
    const placed = await form(p, "/_platform/checkout", { session, action: "offline" });
    expect(new URL(placed.headers.get("location")!).searchParams.get("orderId")).toBeTruthy();
  });
});
