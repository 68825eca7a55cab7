import { describe, expect, it } from "vitest";
import { sanitizeDescription } from "~/.server/catalog/description-html.server";

describe("product description sanitizing", () => {
  it("keeps formatting and drops scripts, handlers and javascript: links", () => {
    const html = sanitizeDescription(
      '<p onclick="steal()">Bon <strong>produit</strong><script>alert(1)</script></p><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a><a href="https://example.com">lien</a><iframe src="https://evil"></iframe>',
    );
    expect(html).toBe(
      '<p>Bon <strong>produit</strong></p><a rel="noopener noreferrer nofollow">x</a><a href="https://example.com" rel="noopener noreferrer nofollow">lien</a>',
    );
  });

  it("returns an empty string for missing descriptions", () => {
    expect(sanitizeDescription(undefined)).toBe("");
  });
});
