import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapDocument, type SitemapEntry } from "~/.server/site/sitemap.server";
import { breadcrumbListLd, jsonForScript, personLd, productLd, professionalServiceLd } from "~/lib/structured-data";
import { LEGAL_PAGES } from "~/content/legal";

const ORIGIN = "https://shop.example";

/** The properties schema.org's consumers (Google's rich results) require, per type. */
function expectValid(ld: Record<string, unknown>, type: string, required: string[]) {
  expect(ld["@context"]).toBe("https://schema.org");
  expect(ld["@type"]).toBe(type);
  for (const key of required) expect(ld[key], `${type}.${key}`).toBeTruthy();
}

describe("sitemap", () => {
  const entries: SitemapEntry[] = [
    { path: "/" },
    { path: "/products/tasse&co", lastModified: "2026-01-02T00:00:00.000Z" },
    { path: "/cgv" },
  ];

  it("lists absolute URLs on the public origin, escaped, with their last change", () => {
    const xml = sitemapDocument(entries, null, ORIGIN)!;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain("<url><loc>https://shop.example/</loc></url>");
    expect(xml).toContain("<loc>https://shop.example/products/tasse&amp;co</loc><lastmod>2026-01-02T00:00:00.000Z</lastmod>");
    expect(xml.match(/<url>/g)).toHaveLength(3);
  });

  it("becomes an index of pages past the page size, each page holding its share", () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ path: `/products/p${i}` }));
    const index = sitemapDocument(many, null, ORIGIN, 10)!;
    expect(index).toContain("<sitemapindex");
    expect(index.match(/<sitemap>/g)).toHaveLength(3);
    expect(index).toContain("<loc>https://shop.example/sitemap.xml?page=3</loc>");
    expect(sitemapDocument(many, 3, ORIGIN, 10)!.match(/<url>/g)).toHaveLength(5);
    expect(sitemapDocument(many, 4, ORIGIN, 10)).toBeNull();
    expect(sitemapDocument(many, 0, ORIGIN, 10)).toBeNull();
    expect(sitemapDocument(entries, 1, ORIGIN, 10)).toBeNull();
  });

  it("robots.txt keeps crawlers out of private pages and points at the sitemap", () => {
    const robots = robotsTxt();
    for (const path of ["/cart", "/checkout", "/account", "/admin", "/_platform"]) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap.xml/);
  });
});

describe("structured data", () => {
  const person = {
    name: "Julien Moreau",
    jobTitle: "Informaticien",
    description: "Développeur",
    url: `${ORIGIN}/`,
    image: `${ORIGIN}/profile.svg`,
    skills: ["TypeScript"],
  };

  it("describes the owner as a Person and his business as a ProfessionalService", () => {
    expectValid(personLd(person), "Person", ["name", "jobTitle", "url", "image"]);
    const service = professionalServiceLd({ ...person, services: [{ title: "Audit", text: "Deux semaines" }], areaServed: "France" });
    expectValid(service, "ProfessionalService", ["name", "url", "image", "areaServed"]);
    expect((service.hasOfferCatalog as { itemListElement: unknown[] }).itemListElement).toHaveLength(1);
  });

  it("turns breadcrumbs into a BreadcrumbList with positions and absolute URLs", () => {
    const ld = breadcrumbListLd(
      [
        { label: "Accueil", to: "/" },
        { label: "Boutique", to: "/products" },
      ],
      ORIGIN,
    );
    expectValid(ld, "BreadcrumbList", ["itemListElement"]);
    expect(ld.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Accueil", item: "https://shop.example/" },
      { "@type": "ListItem", position: 2, name: "Boutique", item: "https://shop.example/products" },
    ]);
  });

  it("describes a product with an Offer: price, currency and availability as schema.org wants them", () => {
    const ld = productLd({
      name: "Tasse",
      description: "Une tasse",
      url: `${ORIGIN}/products/tasse`,
      images: [`${ORIGIN}/_platform/media/tasse.svg`],
      brand: "Julien Moreau",
      price: 12.5,
      currency: "EUR",
      inStock: false,
    });
    expectValid(ld, "Product", ["name", "image", "offers"]);
    expect(ld.offers).toEqual({
      "@type": "Offer",
      url: `${ORIGIN}/products/tasse`,
      price: "12.50",
      priceCurrency: "EUR",
      availability: "https://schema.org/OutOfStock",
    });
    expect(ld.brand).toEqual({ "@type": "Brand", name: "Julien Moreau" });
  });

  it("never lets a value close its script element", () => {
    const text = jsonForScript({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});

describe("legal pages", () => {
  it("say what French law asks: identity, 14-day withdrawal and its exceptions, cookies without a banner", () => {
    const facts = {
      ownerName: "J",
      businessName: "J EI",
      siret: "123",
      vatNumber: "FR1",
      vatExempt: false,
      address: "A",
      email: "e@x.fr",
      host: "H",
      mediator: "M",
      siteUrl: "x.fr",
    };
    const text = (key: keyof typeof LEGAL_PAGES) =>
      LEGAL_PAGES[key]
        .sections(facts)
        .flatMap((s) => [s.title, ...s.paragraphs])
        .join("\n");
    expect(text("mentions")).toMatch(/SIRET : 123/);
    expect(text("mentions")).toMatch(/TVA intracommunautaire : FR1/);
    expect(
      LEGAL_PAGES.mentions
        .sections({ ...facts, vatExempt: true })
        .flatMap((s) => s.paragraphs)
        .join("\n"),
    ).toMatch(/TVA non applicable, art\. 293 B du CGI/);
    expect(text("mentions")).toMatch(/Directeur de la publication/);
    expect(text("mentions")).toMatch(/Hébergeur\nH/);
    expect(text("cgv")).toMatch(/toutes taxes comprises \(TTC\)/);
    expect(text("cgv")).toMatch(/quatorze jours/);
    expect(text("cgv")).toMatch(/L221-28, 13°/);
    expect(text("cgv")).toMatch(/médiateur de la consommation : M/);
    expect(text("privacy")).toMatch(/aucun bandeau de consentement/);
  });
});
