import { media } from "@wix/sdk";

/**
 * A displayable URL for an image the SDK returned: Wix media come back as
 * `wix:image://v1/<id>/<name>#…` strings, other platforms (and the embedded
 * one) as plain URLs.
 */
export function imageUrl(image: string | null | undefined): string | undefined {
  if (!image) return undefined;
  if (image.startsWith("wix:image://")) {
    try {
      return media.getImageUrl(image).url;
    } catch {
      return undefined;
    }
  }
  return image;
}
