import { MemoryRouter } from "react-router";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "~/components/SiteFooter";

describe("footer server rendering", () => {
  it("renders the copyright without any inline opacity, so it is visible without JavaScript", () => {
    const html = renderToString(
      <MemoryRouter>
        <SiteFooter ownerName="Ada Lovelace" />
      </MemoryRouter>,
    );
    expect(html).toContain("© 2024-2025 <!-- -->Ada Lovelace");
    expect(html).not.toMatch(/opacity/);
    expect(html).toContain("footer-pending");
    expect(html).toContain('href="/mentions-legales"');
  });
});
