import { describe, expect, it } from "vitest";
import { checkoutSchema, checkoutSchemaFor } from "~/models/checkout-forms";
import { COUNTRIES, countryName, postalCodeError } from "~/models/countries";
import { parseForm } from "~/.server/http/form.server";
import { checkoutCallbacks, paymentStatusLabel, prefillFromMember, toOrderView, toSdkAddress } from "~/.server/checkout/checkout.server";
import { checkoutForm as valid, formData } from "../support/forms";

/** A Belgian billing address: as typed in the billing fields, and as the schema gives it back. */
const belgianBilling = { billingAddressLine: "1 avenue Louise", billingPostalCode: "1050", billingCity: "Bruxelles", billingCountry: "BE" };
const belgianAddress = { addressLine: "1 avenue Louise", postalCode: "1050", city: "Bruxelles", country: "BE" };

describe("checkout form schema", () => {
  it("accepts a complete form and uses the shipping address for billing when the box is checked", () => {
    const result = parseForm(checkoutSchema, formData(valid));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({
      email: "lea@exemple.fr",
      firstName: "Léa",
      lastName: "Dupont",
      shipping: { addressLine: "5 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" },
      sameBilling: true,
      shippingCode: "standard",
    });
    expect(result.data.billing).toEqual(result.data.shipping);
  });

  it("ignores the billing fields while the box is checked, even when they are wrong", () => {
    const result = parseForm(checkoutSchema, formData({ ...valid, billingPostalCode: "nope", billingCity: "<b>" }));
    expect(result.ok).toBe(true);
  });

  it("validates and uses the billing fields when the box is unchecked", () => {
    const { sameBilling: _ignored, ...rest } = valid;
    const missing = parseForm(checkoutSchema, formData(rest));
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(Object.keys(missing.fieldErrors).sort()).toEqual(["billingAddressLine", "billingCity", "billingPostalCode"]);
      expect(missing.fieldErrors.billingPostalCode).toBe("Code postal de facturation est obligatoire.");
    }
    const ok = parseForm(checkoutSchema, formData({ ...rest, ...belgianBilling }));
    expect(ok.ok && ok.data.billing).toEqual(belgianAddress);
    const wrongPostal = parseForm(checkoutSchema, formData({ ...rest, ...belgianBilling, billingPostalCode: "75002" }));
    expect(wrongPostal.ok ? null : wrongPostal.fieldErrors.billingPostalCode).toMatch(/Code postal invalide pour Belgique/);
  });

  it("gives French messages beside each field and keeps every typed value", () => {
    const typed = { ...valid, email: "lea@", firstName: "", postalCode: "7500", city: "Pa\u0007ris<script>", country: "XX" };
    const result = parseForm(checkoutSchema, formData(typed));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.email).toBe("Saisissez une adresse e-mail valide (exemple : nom@domaine.fr).");
    expect(result.fieldErrors.firstName).toBe("Prénom est obligatoire.");
    expect(result.fieldErrors.city).toBe("Ville ne doit pas contenir les caractères < ou >.");
    expect(result.fieldErrors.country).toBe("Choisissez un pays de la liste.");
    expect(result.values).toEqual(typed);
  });

  it("checks the French postal code (5 digits)", () => {
    for (const postalCode of ["7500", "750011", "75 001", "ABCDE"]) {
      const result = parseForm(checkoutSchema, formData({ ...valid, postalCode }));
      expect(result.ok ? null : result.fieldErrors.postalCode).toBe("Code postal invalide pour France (exemple : 75001).");
    }
  });

  it("bounds lengths and strips control characters", () => {
    const long = parseForm(checkoutSchema, formData({ ...valid, addressLine: "a".repeat(201) }));
    expect(long.ok ? null : long.fieldErrors.addressLine).toBe("Adresse ne doit pas dépasser 200 caractères.");
    const clean = parseForm(checkoutSchema, formData({ ...valid, lastName: " Du\u0000pont\n" }));
    expect(clean.ok && clean.data.lastName).toBe("Dupont");
  });

  it("refuses bidirectional overrides in names and addresses beside the field, keeping what was typed", () => {
    const reversed = parseForm(checkoutSchema, formData({ ...valid, firstName: "L\u202Eéa", city: "Pa\u2066ris" }));
    expect(reversed.ok).toBe(false);
    expect(reversed.ok ? null : reversed.fieldErrors.firstName).toBe(
      "Prénom contient un caractère invisible d'inversion du texte : retirez-le.",
    );
    expect(reversed.ok ? null : reversed.fieldErrors.city).toMatch(/^Ville contient un caractère invisible/);
    expect(reversed.values.firstName).toBe("L\u202Eéa");
    const c1 = parseForm(checkoutSchema, formData({ ...valid, lastName: "Du\u0085pont" }));
    expect(c1.ok && c1.data.lastName).toBe("Dupont");
  });

  it("asks for the CGV to be accepted beside the box, keeping everything typed", () => {
    const { acceptTerms: _, ...unticked } = valid;
    const result = parseForm(checkoutSchema, formData(unticked));
    expect(result.ok ? null : result.fieldErrors).toEqual({
      acceptTerms: "Cochez la case pour accepter les conditions générales de vente.",
    });
    expect(result.values.city).toBe("Paris");
    const forged = parseForm(checkoutSchema, formData({ ...valid, acceptTerms: "yes" }));
    expect(forged.ok).toBe(false);
  });

  it("accepts a form without a shipping option (digital items only)", () => {
    const { shippingCode: _none, ...rest } = valid;
    const result = parseForm(checkoutSchema, formData(rest));
    expect(result.ok && result.data.shippingCode).toBeUndefined();
  });

  describe("store pickup (the server says which codes are collected)", () => {
    const pickupSchema = checkoutSchemaFor({
      shippingOptions: [
        { code: "standard", pickup: false },
        { code: "pickup", pickup: true },
      ],
    });
    const noAddress = { ...valid, shippingCode: "pickup", addressLine: "", postalCode: "", city: "" };

    it("needs no delivery address: the billing fields are the billing address when the box is unchecked", () => {
      const { sameBilling: _ignored, ...rest } = noAddress;
      const result = parseForm(pickupSchema, formData({ ...rest, ...belgianBilling }));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.data.shipping).toBeNull();
      expect(result.data.billing).toEqual(belgianAddress);
    });

    it("still asks for a billing address: the main fields are it while the box is checked", () => {
      const missing = parseForm(pickupSchema, formData(noAddress));
      expect(missing.ok).toBe(false);
      if (!missing.ok) expect(Object.keys(missing.fieldErrors).sort()).toEqual(["addressLine", "city", "postalCode"]);
      const typed = parseForm(pickupSchema, formData({ ...valid, shippingCode: "pickup" }));
      expect(typed.ok).toBe(true);
      if (!typed.ok) return;
      expect(typed.data.shipping).toBeNull();
      expect(typed.data.billing).toMatchObject({ addressLine: "5 rue de la Paix", city: "Paris" });
    });

    it("keeps asking for the delivery address for any other option", () => {
      const result = parseForm(pickupSchema, formData({ ...noAddress, shippingCode: "standard" }));
      expect(result.ok).toBe(false);
    });
  });

  it("shows every wrong address field with another wrong field", () => {
    const { email: _missing, ...rest } = valid;
    const result = parseForm(checkoutSchema, formData({ ...rest, city: "" }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors).sort()).toEqual(["city", "email"]);
  });
});

describe("private page meta", () => {
  it("keeps every tag but asks robots not to index", async () => {
    const { privatePageMeta } = await import("~/lib/meta");
    const tags = privatePageMeta([
      { title: "Panier | X" },
      { name: "robots", content: "index, follow" },
      { name: "description", content: "d" },
    ]);
    expect(tags).toEqual([
      { title: "Panier | X" },
      { name: "robots", content: "noindex, nofollow" },
      { name: "description", content: "d" },
    ]);
  });
});

describe("postal codes and countries", () => {
  it.each([
    ["FR", "69003"],
    ["BE", "1000"],
    ["CH", "1200"],
    ["LU", "L-1111"],
    ["DE", "10115"],
    ["ES", "28001"],
    ["IT", "00118"],
    ["NL", "1011 AB"],
    ["PT", "1000-001"],
    ["GB", "SW1A 1AA"],
    ["US", "10001-1234"],
    ["CA", "H2X 1Y4"],
  ])("accepts a %s postal code %s", (country, code) => {
    expect(postalCodeError(code, country)).toBeNull();
  });

  it("refuses a wrong shape with an example", () => {
    expect(postalCodeError("1234", "NL")).toBe("Code postal invalide pour Pays-Bas (exemple : 1011 AB).");
    expect(postalCodeError("ABCDE", "US")).toMatch(/États-Unis/);
  });

  it("lists the required countries with French names, France first", () => {
    const codes = COUNTRIES.map((c) => c.code);
    for (const code of ["FR", "BE", "CH", "LU", "DE", "ES", "IT", "NL", "PT", "GB", "US", "CA"]) expect(codes).toContain(code);
    expect(codes[0]).toBe("FR");
    expect(new Set(codes).size).toBe(codes.length);
    expect(countryName("DE")).toBe("Allemagne");
    expect(countryName("GB")).toBe("Royaume-Uni");
  });
});

describe("checkout mapping helpers", () => {
  it("sends addresses with the SDK's addressLine1 name", () => {
    expect(toSdkAddress({ addressLine: "5 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" })).toEqual({
      addressLine1: "5 rue de la Paix",
      postalCode: "75002",
      city: "Paris",
      country: "FR",
    });
  });

  it("sends the buyer back to our pages after payment", () => {
    expect(checkoutCallbacks("https://boutique.exemple")).toEqual({
      postFlowUrl: "https://boutique.exemple/cart",
      thankYouPageUrl: "https://boutique.exemple/checkout/complete",
      cartPageUrl: "https://boutique.exemple/cart",
    });
  });

  it("prefills a member's login e-mail, name and first address", () => {
    const member = {
      loginEmail: "demo@exemple.fr",
      contact: {
        firstName: "Camille",
        lastName: "Martin",
        addresses: [{ addressLine: "12 rue des Lilas", postalCode: "69003", city: "Lyon", country: "FR" }],
      },
    };
    expect(prefillFromMember(member)).toEqual({
      email: "demo@exemple.fr",
      firstName: "Camille",
      lastName: "Martin",
      addressLine: "12 rue des Lilas",
      postalCode: "69003",
      city: "Lyon",
      country: "FR",
    });
    expect(prefillFromMember({ contact: { addresses: [{ streetAddress: { number: "3", name: "place Bellecour" } }] } })).toEqual({
      addressLine: "3 place Bellecour",
    });
    expect(prefillFromMember(undefined)).toEqual({});
  });

  it("prefills the saved address asked for by its id, else the first (the default one)", () => {
    const member = {
      contact: {
        addresses: [
          { _id: "a1", addressLine: "12 rue des Lilas", postalCode: "69003", city: "Lyon", country: "FR" },
          { _id: "a2", addressLine: "8 quai Saint-Vincent", postalCode: "69001", city: "Lyon", country: "FR" },
        ],
      },
    };
    expect(prefillFromMember(member, "a2")).toMatchObject({ addressLine: "8 quai Saint-Vincent", postalCode: "69001" });
    expect(prefillFromMember(member, "inconnue")).toMatchObject({ addressLine: "12 rue des Lilas" });
    expect(prefillFromMember(member, null)).toMatchObject({ addressLine: "12 rue des Lilas" });
  });

  it("says the payment status in French", () => {
    const labels: [Parameters<typeof paymentStatusLabel>[0], string][] = [
      ["PAID", "Payée"],
      ["NOT_PAID", "Non payée"],
      ["PENDING", "En attente"],
      ["FULLY_REFUNDED", "Remboursée"],
      ["SOMETHING_NEW", "Inconnu"],
      [undefined, "Inconnu"],
    ];
    for (const [status, label] of labels) expect(paymentStatusLabel(status), String(status)).toBe(label);
  });

  it("maps the SDK order for the thank-you page", () => {
    const price = (amount: string) => ({ amount, formattedAmount: `${amount.replace(".", ",")} €` });
    // The embedded platform's line carries its product page (not in the SDK's type: see toOrderView).
    const mug = {
      _id: "li1",
      productName: { original: "Mug", translated: "Mug" },
      url: { relativePath: "/products/mug-cafe-code", url: "http://x/products/mug-cafe-code" },
      image: "http://localhost/media/mug.svg",
      descriptionLines: [{ name: { original: "Couleur" }, colorInfo: { original: "Bleu", code: "#00f" } }],
      quantity: 2,
      price: price("14.00"),
      totalPriceAfterTax: price("25.20"),
    };
    const view = toOrderView({
      _id: "o1",
      number: "10004",
      _createdDate: new Date("2026-01-02T03:04:05.000Z"),
      paymentStatus: "NOT_PAID",
      buyerInfo: { email: "lea@exemple.fr" },
      lineItems: [mug],
      priceSummary: {
        subtotal: price("28.00"),
        discount: price("2.80"),
        shipping: price("4.90"),
        tax: price("5.02"),
        total: price("30.10"),
      },
      appliedDiscounts: [{ coupon: { code: "BIENVENUE10" } }],
      shippingInfo: {
        title: "Livraison standard",
        logistics: {
          shippingDestination: {
            address: { addressLine1: "5 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" },
            contactDetails: { firstName: "Léa", lastName: "Dupont" },
          },
        },
      },
      billingInfo: { address: { addressLine1: "1 avenue Louise", postalCode: "1050", city: "Bruxelles", country: "BE" } },
    });
    expect(view).toMatchObject({
      id: "o1",
      number: "10004",
      createdDate: "2026-01-02T03:04:05.000Z",
      paymentStatusLabel: "Non payée",
      email: "lea@exemple.fr",
      couponCode: "BIENVENUE10",
      shippingTitle: "Livraison standard",
      pickup: false,
      total: { amount: "30.10", formatted: "30,10 €" },
      shippingAddress: { name: "Léa Dupont", lines: ["5 rue de la Paix", "75002 Paris", "France"] },
      billingAddress: { lines: ["1 avenue Louise", "1050 Bruxelles", "Belgique"] },
    });
    expect(view.lines[0]).toMatchObject({
      name: "Mug",
      image: { src: "http://localhost/media/mug.svg", width: 56, height: 56 },
      options: [{ name: "Couleur", value: "Bleu" }],
      quantity: 2,
      total: { amount: "25.20" },
    });
    // The order's line URL is Wix's own product page: the app links from its catalog instead (linkedOrderView).
    expect(view.lines[0]!.url).toBeUndefined();
  });
});
