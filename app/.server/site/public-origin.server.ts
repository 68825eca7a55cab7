import type { SiteInfo } from "~/lib/meta";
import { getConfig } from "./config.server";
import { PORTRAIT, PROFILE, absoluteImageUrl, responsiveImage } from "../wix/media.server";

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
    portrait: responsiveImage(site.portrait, PORTRAIT)!,
    // schema.org Person's image: the portrait itself, large enough for a search result's card.
    portraitUrl: absoluteImageUrl(site.portrait, 800, 800) ?? new URL(site.portrait, origin).href,
    profilePicture: responsiveImage(site.profilePicture, PROFILE)!,
  };
}
