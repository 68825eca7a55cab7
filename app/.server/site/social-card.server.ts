import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { escapeXml, wrapText } from "~/lib/social-card";

/**
 * Social cards (og:image, twitter:image): Facebook, LinkedIn and X show only raster images, 1200 × 630 for a large
 * card (docs/decisions/0033-raster-social-cards.md), and the catalog's pictures may be SVG. Each card is an SVG drawn here (what the page is, its
 * title, a price or a role, the owner) rendered to PNG by resvg (@resvg/resvg-js: a prebuilt binary inside its npm
 * package, no download at install) with the DejaVu fonts of `dejavu-fonts-ttf` (the same on every machine, slim
 * container images have no fonts). Rendered on request and kept in memory: docs/decisions/0033-raster-social-cards.md.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface SocialCard {
  /** Small capitals above the title: what the page is ("Boutique · Formations", "CV"). */
  eyebrow: string;
  title: string;
  /** One line under the title: a price, a job title. */
  subtitle?: string;
  /** The owner's name, bottom left. */
  owner: string;
  /** The site's host, bottom right. */
  site: string;
}

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const FONTS = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map((file) => join(FONT_DIR, file));

const COLORS = { bg: "#f6f5f1", text: "#1c2733", muted: "#4f5b67", accent: "#2455a4", rule: "#dcd9d0" };

export function socialCardSvg(card: SocialCard): string {
  const titleLines = wrapText(card.title, 30, 3);
  const titleSize = titleLines.length > 2 ? 60 : 68;
  const titleTop = 230;
  const lineHeight = Math.round(titleSize * 1.15);
  const title = titleLines.map((line, i) => `<tspan x="80" y="${titleTop + i * lineHeight}">${escapeXml(line)}</tspan>`).join("");
  const subtitleY = titleTop + titleLines.length * lineHeight + 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLORS.bg}"/>
<rect width="${CARD_WIDTH}" height="18" fill="${COLORS.accent}"/>
<text x="80" y="130" font-family="DejaVu Sans" font-size="30" letter-spacing="3" fill="${COLORS.muted}">${escapeXml(card.eyebrow.toLocaleUpperCase("fr-FR"))}</text>
<text font-family="DejaVu Sans" font-weight="bold" font-size="${titleSize}" fill="${COLORS.text}">${title}</text>
${card.subtitle ? `<text x="80" y="${subtitleY}" font-family="DejaVu Sans" font-size="40" fill="${COLORS.accent}">${escapeXml(wrapText(card.subtitle, 48, 1)[0] ?? "")}</text>` : ""}
<rect x="80" y="520" width="${CARD_WIDTH - 160}" height="2" fill="${COLORS.rule}"/>
<text x="80" y="575" font-family="DejaVu Sans" font-weight="bold" font-size="32" fill="${COLORS.text}">${escapeXml(card.owner)}</text>
<text x="${CARD_WIDTH - 80}" y="575" text-anchor="end" font-family="DejaVu Sans" font-size="28" fill="${COLORS.muted}">${escapeXml(card.site)}</text>
</svg>`;
}

const MAX_CACHED = 300;
const cache = new Map<string, Buffer>();

/** The card as PNG, rendered once per distinct card (a few tens of milliseconds) and kept, the oldest dropped first. */
export function socialCardPng(card: SocialCard): Buffer {
  const svg = socialCardSvg(card);
  const hit = cache.get(svg);
  if (hit) return hit;
  const png = new Resvg(svg, {
    fitTo: { mode: "width", value: CARD_WIDTH },
    font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" },
  })
    .render()
    .asPng();
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(svg, png);
  return png;
}
