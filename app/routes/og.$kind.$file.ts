import type { Route } from "./+types/og.$kind.$file";
import { commerceOf } from "~/.server/wix/commerce.server";
import { socialCardPng, type SocialCard } from "~/.server/site/social-card.server";
import { toProductCard } from "~/.server/catalog/catalog.server";
import { getConfig } from "~/.server/site/config.server";
import { publicOrigin } from "~/.server/site/public-origin.server";
import { cv, projectBySlug } from "~/content/cv";
import { notFound } from "~/lib/http";

/**
 * The social card (1200 × 630 PNG) of a product, a project or a named page: what og:image and twitter:image point
 * to (app/lib/meta.ts). Only cards of things the site has: an unknown name is a 404, never a card of any text.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const name = /^([a-z0-9-]{1,120})\.png$/.exec(params.file)?.[1];
  if (!name) notFound();
  const owner = getConfig().site.ownerName;
  const site = new URL(publicOrigin()).host;
  let card: Omit<SocialCard, "owner" | "site">;
  if (params.kind === "produit") {
    const commerce = commerceOf(context);
    const [product, collections] = await Promise.all([commerce.catalog.product(name), commerce.catalog.collections()]);
    const view = toProductCard(product);
    const collection = collections.find((c) => product.collectionIds?.includes(c.id));
    card = {
      eyebrow: collection ? `Boutique · ${collection.name}` : "Boutique",
      title: view.name,
      subtitle: `${view.price.from ? "À partir de " : ""}${view.price.current} TTC`,
    };
  } else if (params.kind === "realisation") {
    const project = projectBySlug(name);
    if (!project) notFound();
    card = { eyebrow: `Réalisation · ${project.client}, ${project.year}`, title: project.title, subtitle: project.stack.join(" · ") };
  } else if (params.kind === "page" && name === "cv") {
    card = { eyebrow: "CV", title: owner, subtitle: cv.jobTitle };
  } else if (params.kind === "page" && name === "realisations") {
    card = { eyebrow: "Réalisations", title: "Projets menés pour des clients", subtitle: cv.jobTitle };
  } else notFound();
  const png = socialCardPng({ ...card, owner, site });
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      // Social networks fetch it once in a while; a day keeps a changed price from lingering too long.
      "Cache-Control": "public, max-age=86400",
    },
  });
}
