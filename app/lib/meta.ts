import type { MetaDescriptor } from "react-router";
import type { ResponsiveImage } from "~/models/media";

interface SiteMeta {
  ownerName: string;
  title: string;
  description: string;
  imageUrl: string;
  canonicalUrl: string;
}

/**
 * The full meta set of a page. Leaf routes replace the root's meta in React
 * Router, so every route builds its tags here and only overrides what differs.
 */
export function pageMeta(
  site: SiteMeta | undefined,
  overrides: { title?: string; description?: string; image?: string } = {},
): MetaDescriptor[] {
  if (!site) return [{ title: overrides.title ?? "Erreur" }];
  const title = overrides.title ? `${overrides.title} | ${site.ownerName}` : `${site.title} | ${site.ownerName}`;
  const description = overrides.description ?? site.description;
  // A page's own card (app/lib/social-card.ts) for social networks; absolute, on the public origin. Never an SVG:
  // Facebook, LinkedIn and X show none (issue 29.11), so one falls back to the site's card.
  const image = overrides.image && !/\.svg(\?|$)/i.test(overrides.image) ? new URL(overrides.image, site.canonicalUrl).href : site.imageUrl;
  return [
    { title },
    { name: "description", content: description },
    { name: "robots", content: "index, follow" },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:url", content: site.canonicalUrl },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { tagName: "link", rel: "canonical", href: site.canonicalUrl },
  ];
}

/** What the root loader exposes about the site (see app/.server/site/public-origin.server.ts). */
export interface SiteInfo {
  origin: string;
  ownerName: string;
  title: string;
  description: string;
  imageUrl: string;
  /** The owner's portrait (the CV's photo) and the header's picture, at the sizes their slots draw. */
  portrait: ResponsiveImage;
  portraitUrl: string;
  profilePicture: ResponsiveImage;
}

/** Site meta for any route: the root's loader data plus the current location. */
export function siteMetaFor(site: SiteInfo | undefined, pathname: string): SiteMeta | undefined {
  return site && { ...site, canonicalUrl: new URL(pathname, site.origin).href };
}

/** The root loader's site info, from a meta function's `matches`. */
function rootSite(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteInfo | undefined {
  return (matches.find((m) => m?.id === "root")?.loaderData as { site?: SiteInfo } | undefined)?.site;
}

/**
 * A route's meta from its meta function's arguments: the site's tags (root loader) at this address, with the
 * page's own title, description or image. `export const meta = (args) => routeMeta(args, { title: "Panier" })`.
 */
export function routeMeta(
  { matches, location }: { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>; location: { pathname: string } },
  overrides: { title?: string; description?: string; image?: string } = {},
): MetaDescriptor[] {
  return pageMeta(siteMetaFor(rootSite(matches), location.pathname), overrides);
}

/** Cart, checkout and order pages are personal: same tags as any page, but never indexed. */
export function privatePageMeta(tags: MetaDescriptor[]): MetaDescriptor[] {
  return tags.map((tag) => ("name" in tag && tag.name === "robots" ? { name: "robots", content: "noindex, nofollow" } : tag));
}
