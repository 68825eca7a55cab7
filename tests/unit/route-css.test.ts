import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A route whose `links` is `routeCssLinks(name)` must name the same stylesheet in `handle.css`: the server inlines only
 * what the handle names and `links` adds nothing when it renders, while the browser, not finding the inlined sheet,
 * adds its link; the two renders differ and React throws away the server's HTML (hydration error 418) on every load.
 */
function missingHandleCss(source: string): string | undefined {
  const linked = /routeCssLinks\("(\w+)"\)/.exec(source)?.[1];
  if (!linked) return undefined;
  const handle = /export const handle\b[^=]*=\s*\{([\s\S]*?)\n?\};/.exec(source)?.[1] ?? "";
  return new RegExp(`\\bcss:\\s*"${linked}"`).test(handle) ? undefined : linked;
}

const ROUTES = "app/routes";

describe("route stylesheets", () => {
  it("every route linking a route stylesheet names it in its handle", () => {
    const offenders = readdirSync(ROUTES)
      .filter((f) => f.endsWith(".tsx"))
      .filter((f) => missingHandleCss(readFileSync(join(ROUTES, f), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("catches a route that links the cart stylesheet without naming it in its handle", () => {
    const linkedOnly = `export const links = routeCssLinks("cart");\nexport const handle = {\n  breadcrumb: () => ({ label: "x", to: "." }),\n};\n`;
    expect(missingHandleCss(linkedOnly)).toBe("cart");
    expect(missingHandleCss(linkedOnly.replace("breadcrumb", 'css: "cart",\n  breadcrumb'))).toBeUndefined();
    expect(missingHandleCss(linkedOnly.replace("breadcrumb", 'css: "cv",\n  breadcrumb'))).toBe("cart");
  });
});
