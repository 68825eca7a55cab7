import { describe, expect, it } from "vitest";
import { decodeDotR, escapeHtml, queryToObject, Router, validationError } from "../../../platform/core/http";
import { decimal, formatMoney } from "../../../platform/core/context";
import { taxIncluded } from "../../../platform/ecom/pricing/pricing";

describe("http helpers", () => {
  it("decodes the SDK's .r form (base64url, no padding)", () => {
    const payload = { query: { filter: { name: { $startsWith: "é?" } }, paging: { limit: 5 } } };
    const enc = Buffer.from(JSON.stringify(payload)).toString("base64").replace(/=/g, "").replace(/\+/g, "-").replace(/\//g, "_");
    expect(decodeDotR(enc)).toEqual(payload);
  });

  it("rebuilds flattened query strings, with repeated keys as arrays", () => {
    const q = new URLSearchParams("fieldsets=FULL&fieldsets=PUBLIC&a.b=1&id=x");
    expect(queryToObject(q)).toEqual({ fieldsets: ["FULL", "PUBLIC"], a: { b: "1" }, id: "x" });
  });

  it("builds the INVALID_ARGUMENT message sorted by field, with data on every violation", () => {
    const err = validationError([
      { field: "b", description: "must be > 0" },
      { field: "a", description: "is required", violatedRule: "REQUIRED_FIELD" },
    ]);
    expect(err.status).toBe(400);
    expect(err.body.message).toBe('INVALID_ARGUMENT: "a" is required, "b" must be > 0');
    const v = (err.body.details as { validationError: { fieldViolations: { data: unknown }[] } }).validationError.fieldViolations;
    expect(v.every((x) => typeof x.data === "object")).toBe(true);
  });

  it("escapes HTML strictly", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });

  it("routes by method and path, telling a wrong method from an unknown path", () => {
    const r = new Router().on("GET", "/v1/items/:id", () => ({}));
    const m = r.match("GET", "/v1/items/a%20b");
    expect(m && m !== "method" ? m.params : null).toEqual({ id: "a b" });
    expect(r.match("POST", "/v1/items/x")).toBe("method");
    expect(r.match("GET", "/v1/other")).toBeNull();
  });
});

describe("money", () => {
  it("writes decimal strings and fr-FR amounts", () => {
    expect(decimal(1250)).toBe("12.50");
    expect(decimal(5)).toBe("0.05");
    expect(decimal(-490)).toBe("-4.90");
    expect(formatMoney(1250, "EUR").replace(/\s/g, " ")).toBe("12,50 €");
    expect(formatMoney(120000, "EUR").replace(/\s/g, " ")).toBe("1 200,00 €");
  });

  it("extracts VAT included in a gross price", () => {
    expect(taxIncluded(1200, 20)).toBe(200);
    expect(taxIncluded(490, 20)).toBe(82);
  });
});
