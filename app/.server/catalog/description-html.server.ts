import sanitizeHtml from "sanitize-html";

/**
 * Product descriptions come from the commerce platform as HTML. Only plain
 * formatting survives: no script, style, event handler, iframe or javascript: URL.
 */
export function sanitizeDescription(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h3", "h4", "blockquote", "a", "span", "code", "pre"],
    allowedAttributes: { a: ["href", "title", "rel", "target"] },
    allowedSchemes: ["http", "https", "mailto"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }) },
  });
}
