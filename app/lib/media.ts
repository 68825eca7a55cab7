/** Where Wix serves media by id; the embedded platform serves them under /_platform/media/ instead. */
export const WIX_MEDIA_BASE_URL = "https://static.wixstatic.com/media/";

/**
 * A displayable URL for an image the SDK returned: `wix:image://v1/<id>/<name>#…`
 * strings resolve against the platform's media base; plain URLs stay as they are.
 * Server code should call `mediaUrl` (app/.server/wix/media.server.ts), which knows the platform.
 */
export function imageUrl(image: string | null | undefined, mediaBaseUrl = WIX_MEDIA_BASE_URL): string | undefined {
  if (!image) return undefined;
  const wixImage = /^wix:image:\/\/v1\/([^/#]+)/.exec(image);
  if (wixImage) return `${mediaBaseUrl}${wixImage[1]}`;
  return image;
}
