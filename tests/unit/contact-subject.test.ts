import { describe, expect, it } from "vitest";
import demo from "../../platform/seed/demo.json";
import { subjectForProduct } from "../../app/models/contact";

describe("the subject a quote request from a product page suggests", () => {
  const names = demo.products.map((product) => product.name);

  it("is never Formation for a service whose name holds the word information", () => {
    const informationNames = names.filter((name) => /information/i.test(name));
    expect(informationNames).toContain("Audit de système d'information");
    for (const name of informationNames) expect(subjectForProduct(name), name).not.toBe("formation");
  });

  it("reads Audit de système d'information as an audit", () => {
    expect(subjectForProduct("Audit de système d'information")).toBe("audit");
  });

  it("reads every seeded training as a training, by the word Formation", () => {
    const trainings = names.filter((name) => name.startsWith("Formation "));
    expect(trainings.length).toBeGreaterThan(10);
    for (const name of trainings) expect(subjectForProduct(name), name).toBe("formation");
  });

  it("falls back to Conseil for a service that is neither", () => {
    expect(subjectForProduct("Accompagnement migration cloud")).toBe("conseil");
    expect(subjectForProduct("Informatique décisionnelle")).toBe("conseil");
  });
});
