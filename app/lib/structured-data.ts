import type { Crumb } from "./breadcrumb";

/**
 * schema.org structured data (JSON-LD) built from what the pages already show: search engines read the same
 * facts a visitor sees. Isomorphic: rendered by the JsonLd component, tested as plain objects.
 */

export type JsonLdObject = { "@context": "https://schema.org"; "@type": string; [key: string]: unknown };

export interface PersonFacts {
  name: string;
  jobTitle: string;
  description: string;
  url: string;
  image: string;
  skills: readonly string[];
  sameAs?: readonly string[];
}

export function personLd(p: PersonFacts): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: p.name,
    jobTitle: p.jobTitle,
    description: p.description,
    url: p.url,
    image: p.image,
    knowsAbout: [...p.skills],
    ...(p.sameAs?.length ? { sameAs: [...p.sameAs] } : {}),
  };
}

export function professionalServiceLd(
  p: PersonFacts & { services: readonly { title: string; text: string }[]; areaServed: string },
): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: `${p.name} — ${p.jobTitle}`,
    description: p.description,
    url: p.url,
    image: p.image,
    areaServed: p.areaServed,
    founder: { "@type": "Person", name: p.name },
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Prestations",
      itemListElement: p.services.map((s) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: s.title, description: s.text },
      })),
    },
  };
}

export function breadcrumbListLd(crumbs: readonly Crumb[], origin: string): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.label, item: new URL(c.to, origin).href })),
  };
}

interface ProductFacts {
  name: string;
  description: string;
  url: string;
  images: string[];
  brand?: string;
  sku?: string;
  price: number;
  currency: string;
  inStock: boolean;
}

export function productLd(p: ProductFacts): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    description: p.description,
    url: p.url,
    image: p.images,
    ...(p.brand ? { brand: { "@type": "Brand", name: p.brand } } : {}),
    offers: {
      "@type": "Offer",
      url: p.url,
      price: p.price.toFixed(2),
      priceCurrency: p.currency,
      availability: p.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can close or confuse it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
