import { describe, expect, it } from "vitest";
import { buildProductIndex, foldText, type SearchableProduct } from "~/lib/product-search";

const products: SearchableProduct[] = [
  {
    id: "ts",
    name: "Formation TypeScript avancé",
    description: "Types génériques et inférence.",
    brand: "Julien Moreau",
    category: "Formations",
  },
  { id: "book", name: "TypeScript au quotidien", description: "Un livre pratique.", brand: "Éditions Code", category: "Livres" },
  { id: "a11y", name: "Audit d'accessibilité RGAA", description: "Conformité RGAA.", brand: "Julien Moreau", category: "Conseil" },
  { id: "mug", name: "Mug It works", description: "Un mug en céramique, parfait pour TypeScript.", brand: "Atelier", category: "Goodies" },
];

describe("product search (MiniSearch)", () => {
  const index = buildProductIndex(products);

  it("folds accents and case", () => {
    expect(foldText("Accessibilité ÉDITION Œuvre")).toBe("accessibilite edition oeuvre");
    expect(index.search("ACCESSIBILITE")).toEqual(["a11y"]);
  });

  it("finds a word anywhere, the name ranking above the description", () => {
    const found = index.search("typescript");
    expect(found).toEqual(expect.arrayContaining(["ts", "book", "mug"]));
    expect(found.at(-1)).toBe("mug");
  });

  it("tolerates one typo, not two, and needs every word", () => {
    expect(index.search("typscript")).toContain("ts");
    expect(index.search("tpscrit")).toEqual([]);
    expect(index.search("formation typescript")).toEqual(["ts"]);
  });

  it("searches the brand and the category, and suggests names from a prefix", () => {
    expect(index.search("goodies")).toEqual(["mug"]);
    expect(index.search("editions")).toEqual(["book"]);
    expect(index.suggest("typesc")).toContain("Formation TypeScript avancé");
  });

  it("an empty or blank query finds nothing; a rebuilt index follows the catalog", () => {
    expect(index.search("   ")).toEqual([]);
    const renamed = buildProductIndex([...products.filter((p) => p.id !== "mug"), { ...products[3]!, id: "mug2", name: "Tasse Rust" }]);
    expect(renamed.search("rust")).toEqual(["mug2"]);
    expect(renamed.search("mug")).toEqual(["mug2"]);
  });
});
