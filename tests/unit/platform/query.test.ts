import { describe, expect, it } from "vitest";
import { applySort, matchFilter, parseOffsetPaging, parseSort } from "../../../platform/core/query";
import { WixError } from "../../../platform/core/http";

const items = [
  { id: "a", name: "Écharpe", price: { amount: 10 }, tags: ["x", "y"], createdDate: "2025-01-02T00:00:00.000Z" },
  { id: "b", name: "bonnet", price: { amount: 5 }, tags: ["y"], createdDate: "2025-01-01T00:00:00.000Z" },
  { id: "c", name: "Anorak", price: { amount: 50 }, tags: [], createdDate: "2025-01-03T00:00:00.000Z" },
];

describe("matchFilter", () => {
  const ids = (filter: unknown) => items.filter((i) => matchFilter(i, filter)).map((i) => i.id);

  it("supports implicit equality, comparisons and nested paths", () => {
    expect(ids({ id: "a" })).toEqual(["a"]);
    expect(ids({ "price.amount": { $gte: 10 } })).toEqual(["a", "c"]);
    expect(ids({ "price.amount": { $lt: 10 } })).toEqual(["b"]);
    expect(ids({ id: { $ne: "a" } })).toEqual(["b", "c"]);
    expect(ids({ createdDate: { $gt: "2025-01-01T12:00:00.000Z" } })).toEqual(["a", "c"]);
  });

  it("matches string operators case-insensitively", () => {
    expect(ids({ name: { $startsWith: "BON" } })).toEqual(["b"]);
    expect(ids({ name: { $contains: "nor" } })).toEqual(["c"]);
    expect(ids({ name: { $endsWith: "PE" } })).toEqual(["a"]);
  });

  it("supports array operators, $in/$nin, $exists", () => {
    expect(ids({ tags: { $hasSome: ["x"] } })).toEqual(["a"]);
    expect(ids({ tags: { $hasAll: ["x", "y"] } })).toEqual(["a"]);
    expect(ids({ id: { $in: ["a", "c"] } })).toEqual(["a", "c"]);
    expect(ids({ id: { $nin: ["a", "c"] } })).toEqual(["b"]);
    expect(ids({ missing: { $exists: false } })).toEqual(["a", "b", "c"]);
    expect(ids({ tags: { $isEmpty: true } })).toEqual(["c"]);
  });

  it("compares decimal-string amounts with numbers and numeric strings as numbers", () => {
    const priced = [
      { id: "cheap", actualPriceRange: { minValue: { amount: "9.90" } } },
      { id: "mid", actualPriceRange: { minValue: { amount: "39.00" } } },
      { id: "dear", actualPriceRange: { minValue: { amount: "1400.00" } } },
    ];
    const hit = (filter: unknown) => priced.filter((p) => matchFilter(p, filter)).map((p) => p.id);
    expect(hit({ "actualPriceRange.minValue.amount": { $gte: 10 } })).toEqual(["mid", "dear"]);
    expect(hit({ "actualPriceRange.minValue.amount": { $lte: 100 } })).toEqual(["cheap", "mid"]);
    expect(hit({ "actualPriceRange.minValue.amount": { $gte: "10", $lte: "100" } })).toEqual(["mid"]);
    expect(hit({ "actualPriceRange.minValue.amount": { $lt: "1000" } })).toEqual(["cheap", "mid"]);
  });

  it("reaches fields inside arrays of arrays ($hasSome, $in on choices of options)", () => {
    const products = [
      {
        id: "t-shirt",
        options: [
          {
            name: "Taille",
            choicesSettings: {
              choices: [
                { choiceId: "s", name: "S" },
                { choiceId: "m", name: "M" },
              ],
            },
          },
        ],
      },
      { id: "mug", options: [{ name: "Couleur", choicesSettings: { choices: [{ choiceId: "red", name: "Rouge" }] } }] },
      { id: "book", options: [] },
    ];
    const hit = (filter: unknown) => products.filter((p) => matchFilter(p, filter)).map((p) => p.id);
    expect(hit({ "options.choicesSettings.choices.choiceId": { $hasSome: ["m", "red"] } })).toEqual(["t-shirt", "mug"]);
    expect(hit({ "options.choicesSettings.choices.name": { $in: ["Rouge"] } })).toEqual(["mug"]);
    expect(hit({ "options.choicesSettings.choices.choiceId": { $exists: false } })).toEqual(["book"]);
  });

  it("combines with $and, $or, $not, and accepts a JSON string filter", () => {
    expect(ids({ $and: [{ "price.amount": { $gt: 1 } }, { tags: { $hasSome: ["y"] } }] })).toEqual(["a", "b"]);
    expect(ids({ $or: [{ id: "a" }, { id: "c" }] })).toEqual(["a", "c"]);
    expect(ids({ $not: { id: "a" } })).toEqual(["b", "c"]);
    expect(ids(JSON.stringify({ id: "b" }))).toEqual(["b"]);
  });

  it("refuses unknown operators with a validation error", () => {
    expect(() => matchFilter(items[0], { id: { $regex: "a" } })).toThrow(WixError);
    expect(() => matchFilter(items[0], { $nor: [] })).toThrow(WixError);
  });
});

describe("sorting and paging", () => {
  it("sorts with French collation, numbers and several keys", () => {
    const byName = applySort(items, parseSort([{ fieldName: "name", order: "ASC" }]));
    expect(byName.map((i) => i.name)).toEqual(["Anorak", "bonnet", "Écharpe"]);
    const byPrice = applySort(items, parseSort([{ fieldName: "price.amount", order: "DESC" }]));
    expect(byPrice.map((i) => i.id)).toEqual(["c", "a", "b"]);
    expect(parseSort('[{"name":"desc"}]')).toEqual([{ fieldName: "name", order: "DESC" }]);
  });

  it("validates paging bounds", () => {
    expect(parseOffsetPaging(undefined)).toEqual({ limit: 50, offset: 0 });
    expect(parseOffsetPaging({ limit: 5, offset: 10 })).toEqual({ limit: 5, offset: 10 });
    expect(() => parseOffsetPaging({ limit: 101 })).toThrow(WixError);
    expect(() => parseOffsetPaging({ offset: -1 })).toThrow(WixError);
  });
});
