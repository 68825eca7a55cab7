import { describe, expect, it } from "vitest";
import {
  checkAddToCart,
  pageCountOf,
  parseImageIndex,
  parsePage,
  parseSearch,
  parseSort,
  plainText,
  resolveSelection,
  toCollectionLinks,
  toProductCard,
} from "~/.server/catalog/catalog.server";
import type { CatalogProduct } from "~/models/catalog";

// The app's catalog model, as either reader (V1 or V3) builds it: prices as numbers, choices by description.
const base = { descriptionHtml: "", images: [], options: [], variants: [], lineNeedsVariant: false, collectionIds: [], updatedAt: 0 };
const variant = (id: string, choices: Record<string, string>, amount: number, inStock = true) => ({
  id,
  choices,
  price: { amount, discounted: amount },
  inStock,
  visible: true,
});

/** A product in stock priced in euros (`amount`, and `discounted` the price the buyer pays); `more` says the rest. */
const product = (
  id: string,
  slug: string,
  name: string,
  amount: number,
  discounted: number,
  more: Pick<CatalogProduct, "priceVaries"> & Partial<CatalogProduct>,
): CatalogProduct => ({ ...base, id, slug, name, price: { currency: "EUR", amount, discounted }, inStock: true, ...more });

const shirt = product("p-shirt", "t-shirt", "T-shirt", 25, 25, {
  priceVaries: true,
  options: [
    {
      type: "drop_down",
      name: "Taille",
      choices: [
        { value: "M", description: "M", inStock: true, visible: true },
        { value: "XL", description: "XL", inStock: true, visible: true },
      ],
    },
    {
      type: "color",
      name: "Couleur",
      choices: [
        { value: "#1f2937", description: "Noir", inStock: true, visible: true },
        { value: "#f5f5f4", description: "Blanc", inStock: true, visible: true },
      ],
    },
  ],
  variants: [
    variant("v-m-noir", { Taille: "M", Couleur: "Noir" }, 25),
    variant("v-m-blanc", { Taille: "M", Couleur: "Blanc" }, 25, false),
    variant("v-xl-noir", { Taille: "XL", Couleur: "Noir" }, 27),
    variant("v-xl-blanc", { Taille: "XL", Couleur: "Blanc" }, 27),
  ],
});

const mug = product("p-mug", "mug", "Mug", 14, 11.2, {
  priceVaries: false,
  images: [{ src: "https://shop.example/mug.svg", width: 800, height: 600, alt: "Mug" }],
  ribbon: "Promo",
});

describe("catalog query parameters", () => {
  it("accepts only positive integer pages; absent means the first", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage("1")).toBe(1);
    expect(parsePage("12")).toBe(12);
    for (const bad of ["0", "-1", "1.5", "abc", "", " 2", "01", "2e3", "99999999"]) expect(parsePage(bad), bad).toBeNull();
  });

  it("maps sort values and falls back to the default for unknown ones", () => {
    for (const sort of ["prix-croissant", "prix-decroissant", "nom", "nouveautes"]) expect(parseSort(sort)).toBe(sort);
    for (const unknown of ["price_asc", null]) expect(parseSort(unknown), String(unknown)).toBe("pertinence");
  });

  it("cleans search text", () => {
    expect(parseSearch("  mug\u0000  café ")).toBe("mug café");
    expect(parseSearch(null)).toBe("");
    expect(parseSearch("x".repeat(300))).toHaveLength(100);
  });

  it("counts pages of 24, at least one", () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(24)).toBe(1);
    expect(pageCountOf(25)).toBe(2);
    expect(pageCountOf(62)).toBe(3);
  });

  it("picks a gallery image from ?image= (1-based), else the first", () => {
    expect(parseImageIndex(null, 3)).toBe(0);
    expect(parseImageIndex("2", 3)).toBe(1);
    expect(parseImageIndex("4", 3)).toBe(0);
    expect(parseImageIndex("x", 3)).toBe(0);
  });
});

describe("product view models", () => {
  it("builds a card with discount, ribbon, image and stock", () => {
    const card = toProductCard(mug);
    expect(card).toMatchObject({ id: "p-mug", slug: "mug", name: "Mug", ribbon: "Promo", inStock: true });
    expect(card.price.current).toMatch(/^11,20\s€$/);
    expect(card.price.regular).toMatch(/^14,00\s€$/);
    // A URL outside Wix Media has no other sizes: drawn as it is, in the card's 4:3 box.
    expect(card.image).toEqual({ src: "https://shop.example/mug.svg", alt: "Mug", width: 400, height: 300 });
    expect(toProductCard({ ...mug, inStock: false }).inStock).toBe(false);
    expect(toProductCard(shirt).price).toMatchObject({ from: true });
  });

  it("drops Wix's built-in all-products collection from category links", () => {
    expect(
      toCollectionLinks([
        { id: "00000000-000000-000000-000000000001", slug: "all-products", name: "All Products" },
        { id: "c1", slug: "livres", name: "Livres" },
      ]),
    ).toEqual([{ id: "c1", slug: "livres", name: "Livres" }]);
  });

  it("keeps a short plain-text description for meta tags", () => {
    expect(plainText("<p>Un <strong>état</strong> des lieux&nbsp;complet</p><ul><li>A</li></ul>")).toBe("Un état des lieux complet A");
    expect(plainText("<p>" + "mot ".repeat(100) + "</p>", 20)).toHaveLength(20);
    expect(plainText("<p>Durée : <strong>2 jours</strong>. Supports</p><p>Suite</p>")).toBe("Durée : 2 jours. Supports Suite");
  });
});

describe("variant resolution from the chosen options", () => {
  it("asks for every option until all are chosen", () => {
    const none = resolveSelection(shirt, new URLSearchParams(""));
    expect(none.missing).toEqual(["Taille", "Couleur"]);
    expect(none.variantId).toBeUndefined();
    expect(none.availability).toEqual({ ok: false, reason: "incomplete", message: "Choisissez : Taille, Couleur" });
    // Variant prices differ: the lowest, marked "from".
    expect(none.price.current).toMatch(/^25,00\s€$/);
    expect(none.price.from).toBe(true);

    const half = resolveSelection(shirt, new URLSearchParams("Taille=XL"));
    expect(half.availability).toMatchObject({ message: "Choisissez : Couleur" });
    expect(half.price.from).toBeUndefined();
    expect(half.price.current).toMatch(/^27,00\s€$/);
  });

  it("finds the variant, its price and stock; colours match by description or value", () => {
    const xl = resolveSelection(shirt, new URLSearchParams("Taille=XL&Couleur=Noir"));
    expect(xl.variantId).toBe("v-xl-noir");
    expect(xl.price.current).toMatch(/^27,00\s€$/);
    expect(xl.availability).toEqual({ ok: true });
    expect(resolveSelection(shirt, { Taille: "XL", Couleur: "#f5f5f4" }).variantId).toBe("v-xl-blanc");

    const soldOut = resolveSelection(shirt, new URLSearchParams("Taille=M&Couleur=Blanc"));
    expect(soldOut.variantId).toBe("v-m-blanc");
    expect(soldOut.availability).toEqual({
      ok: false,
      reason: "variant-out-of-stock",
      message: "Cette déclinaison est en rupture de stock",
    });
  });

  it("ignores unknown choices and marks choices that cannot be bought with the other options", () => {
    const sel = resolveSelection(shirt, new URLSearchParams("Taille=XXL&Couleur=Blanc"));
    expect(sel.chosen).toEqual({ Couleur: "Blanc" });
    const sizes = sel.options.find((o) => o.name === "Taille")!;
    expect(sizes.choices.map((c) => [c.description, c.inStock])).toEqual([
      ["M", false],
      ["XL", true],
    ]);
    const colours = sel.options.find((o) => o.name === "Couleur")!;
    expect(colours).toMatchObject({ type: "color", selected: "Blanc" });
    expect(colours.choices[0]).toMatchObject({ description: "Noir", color: "#1f2937", selected: false });
  });

  it("handles products without options and out-of-stock products", () => {
    const plain = resolveSelection(mug, new URLSearchParams("Taille=M"));
    expect(plain).toMatchObject({ options: [], missing: [], availability: { ok: true } });
    expect(plain.price.regular).toMatch(/^14,00\s€$/);
    const gone = resolveSelection({ ...shirt, inStock: false }, new URLSearchParams("Taille=M&Couleur=Noir"));
    expect(gone.availability).toMatchObject({ reason: "product-out-of-stock", message: "Produit en rupture de stock" });
  });
});

describe("add-to-cart checks", () => {
  const from = (values: Record<string, string>) => (name: string) => (Object.hasOwn(values, name) ? values[name] : undefined);

  it("resolves the variant from the submitted options, never from an older page", () => {
    expect(checkAddToCart(shirt, from({ Taille: "XL", Couleur: "Noir" }))).toEqual({
      ok: true,
      variantId: "v-xl-noir",
      chosen: { Taille: "XL", Couleur: "Noir" },
    });
    expect(checkAddToCart(shirt, from({}))).toEqual({ ok: false, message: "Choisissez : Taille, Couleur" });
    expect(checkAddToCart(shirt, from({ Taille: "M" }))).toEqual({ ok: false, message: "Choisissez : Couleur" });
  });

  it("a sold-out combination or an unknown choice is an error on the option", () => {
    expect(checkAddToCart(shirt, from({ Taille: "M", Couleur: "Blanc" }))).toEqual({
      ok: false,
      field: "option:Couleur",
      message: "Taille M, Couleur Blanc : épuisé. Choisissez une autre déclinaison.",
    });
    expect(checkAddToCart(shirt, from({ Taille: "XXXL", Couleur: "Noir" }))).toMatchObject({ ok: false, field: "option:Taille" });
    expect(checkAddToCart(shirt, from({ Taille: "__proto__", Couleur: "Noir" }))).toMatchObject({ ok: false, field: "option:Taille" });
  });

  it("checks product stock when it has no options; on Catalog V1 it sends no variant for such a product", () => {
    expect(checkAddToCart(mug, from({}))).toEqual({ ok: true, chosen: {} });
    expect(checkAddToCart(mug, from({ Taille: "M" }))).toEqual({ ok: true, chosen: {} });
    expect(checkAddToCart({ ...mug, inStock: false }, from({}))).toEqual({ ok: false, message: "Produit en rupture de stock" });
  });

  it("on Catalog V3 a product without options is bought as its one variant (the variantId is always sent)", () => {
    const v3Mug = { ...mug, lineNeedsVariant: true, variants: [variant("v-mug-only", {}, 14)] };
    expect(checkAddToCart(v3Mug, from({}))).toEqual({ ok: true, chosen: {}, variantId: "v-mug-only" });
  });
});
