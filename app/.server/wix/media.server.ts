import { imageUrl, WIX_MEDIA_BASE_URL } from "~/lib/media";
import { getConfig } from "../site/config.server";

/** The image URL for this deployment's platform (real Wix or the embedded one). */
export function mediaUrl(image: string | null | undefined): string | undefined {
  const base = getConfig().commerce.platform === "wix" ? WIX_MEDIA_BASE_URL : "/_platform/media/";
  return imageUrl(image, base);
}
