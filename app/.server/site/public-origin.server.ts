import type { SiteInfo } from "~/lib/meta";
import { getConfig } from "./config.server";

/**
 * The public origin users see, from configuration only: a link built from the request's Host or
 * X-Forwarded-Host would let anyone send login codes, reset links and redirects to a domain of theirs.
 */
export function publicOrigin(): string {
  return getConfig().publicOrigin;
}

/** Site identity for the layout and meta; asset paths made absolute for social cards. */
export function siteInfo(): SiteInfo {
  const { site } = getConfig();
  const origin = publicOrigin();
  return {
    origin,
    ownerName: site.ownerName,
    title: site.title,
    description: site.description,
    imageUrl: new URL(site.image, origin).href,
    profilePicture: site.profilePicture,
  };
}
