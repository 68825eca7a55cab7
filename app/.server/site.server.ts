import type { SiteInfo } from "~/lib/meta";
import { getConfig } from "./config.server";

/** The public origin users see: configured, else the request's (built from trusted proxy headers only). */
export function publicOrigin(request: Request): string {
  return getConfig().publicOrigin ?? new URL(request.url).origin;
}

/** Site identity for the layout and meta; asset paths made absolute for social cards. */
export function siteInfo(request: Request): SiteInfo {
  const { site } = getConfig();
  const origin = publicOrigin(request);
  return {
    origin,
    ownerName: site.ownerName,
    title: site.title,
    description: site.description,
    imageUrl: new URL(site.image, origin).href,
    profilePicture: site.profilePicture,
  };
}

