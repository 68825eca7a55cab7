// Printed things: a book standing in the studio or lying on a table, a notebook, a framed poster.
import type { Subject } from "./subject";
import { floorShadow, H, lighting, pick, shade, studio, tableTop, textLines, W, wrap, type Random } from "./svg";

/** A cover's pattern: rings, stripes or a dot grid, in a lighter tone of the cover. */
function coverMotif(r: Random, w: number, h: number, ink: string): string {
  const tone = shade(ink, 0.35);
  const kind = Math.floor(r() * 3);
  if (kind === 0)
    return [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<circle cx="${w * 0.78}" cy="${h * 0.3}" r="${60 + i * 70}" fill="none" stroke="${tone}" stroke-width="14" opacity="${0.55 - i * 0.08}"/>`,
      )
      .join("");
  if (kind === 1)
    return [0, 1, 2, 3, 4, 5]
      .map((i) => `<rect x="0" y="${h * 0.08 + i * 48}" width="${w}" height="22" fill="${tone}" opacity="${0.5 - i * 0.06}"/>`)
      .join("");
  const dots: string[] = [];
  for (let y = 0; y < 6; y++)
    for (let x = 0; x < 8; x++)
      dots.push(`<circle cx="${70 + x * 95}" cy="${80 + y * 80}" r="${12 + ((x + y) % 3) * 6}" fill="${tone}" opacity=".5"/>`);
  return dots.join("");
}

/** The front of a cover in its own units (w × h), title and author in the cover's font. */
function coverFace(r: Random, s: Subject, w: number, h: number, serif: boolean): string {
  const font = serif ? "DejaVu Serif" : "DejaVu Sans";
  const lines = wrap(s.name, 16);
  const size = lines.length > 3 ? 70 : 84;
  return (
    `<rect width="${w}" height="${h}" fill="${s.ink}"/>${coverMotif(r, w, h, s.ink)}` +
    `<rect width="${w}" height="${h}" fill="url(#sheen)"/>` +
    textLines(lines, 70, h * 0.56, size, `font-family="${font}" font-weight="bold" fill="#fffaf0"`, "start") +
    `<text x="70" y="${h - 90}" font-family="DejaVu Sans" font-size="44" letter-spacing="6" fill="${shade(s.ink, 0.6)}">JULIEN MOREAU</text>`
  );
}

const SHEEN = `<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#fff" stop-opacity=".18"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></linearGradient>`;

/** A hardcover standing on the studio floor, turned a little, its spine on the left. */
export function standingBook(r: Random, s: Subject): string {
  const w = 860;
  const h = 1180;
  const x = 820 + Math.round(r() * 160);
  const y = 1470 - h;
  return (
    studio(r, 1200) +
    `<defs>${SHEEN}</defs>` +
    floorShadow(x + w / 2 + 60, 1475, w * 0.62, 40) +
    // spine, then the cover board, then the page block's edge at the bottom
    `<path d="M${x - 120} ${y + 40} L${x} ${y} L${x} ${y + h} L${x - 120} ${y + h - 12} Z" fill="${shade(s.ink, -0.35)}"/>` +
    `<g transform="translate(${x} ${y}) skewY(-1.6)">${coverFace(r, s, w, h, r() > 0.4)}</g>` +
    `<path d="M${x} ${y + h} L${x + w} ${y + h - 24} L${x + w} ${y + h - 6} L${x} ${y + h + 16} Z" fill="#efe9dc"/>` +
    lighting()
  );
}

/** The same book lying on a table, seen from above, with a pencil beside it. */
export function flatBook(r: Random, s: Subject): string {
  const w = 900;
  const h = 1230;
  const angle = -8 + r() * 16;
  return (
    tableTop(r, pick(r, ["#b48a60", "#8c6a4f", "#d8cbb8", "#6f7b7f"])) +
    `<defs>${SHEEN}</defs>` +
    `<g transform="translate(${W / 2} ${H / 2}) rotate(${angle.toFixed(1)})">` +
    `<rect x="${-w / 2 + 30}" y="${-h / 2 + 40}" width="${w}" height="${h}" fill="#000" opacity=".5" filter="url(#soft)"/>` +
    `<rect x="${-w / 2 + 14}" y="${-h / 2 + 10}" width="${w}" height="${h}" fill="#efe9dc"/>` +
    `<g transform="translate(${-w / 2} ${-h / 2})">${coverFace(r, s, w, h, true)}</g></g>` +
    pencil(1750, 420, 62) +
    lighting()
  );
}

/** A yellow pencil, `angle` degrees from horizontal. */
export function pencil(x: number, y: number, angle: number): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle})">` +
    `<rect x="6" y="14" width="760" height="46" rx="6" fill="#000" opacity=".35" filter="url(#soft)"/>` +
    `<rect width="640" height="46" fill="#e7b531"/><rect y="16" width="640" height="14" fill="#f3cb52"/>` +
    `<rect x="640" width="60" height="46" fill="#c9c2b2"/><path d="M700 0 L790 23 L700 46 Z" fill="#e9cfa6"/>` +
    `<path d="M765 17 L790 23 L765 29 Z" fill="#333"/><rect x="-60" width="60" height="46" rx="8" fill="#d9534f"/></g>`
  );
}

/** A notebook with a coloured elastic band, on a table, opened beside its closed twin on the gallery's second photo. */
export function notebook(r: Random, s: Subject): string {
  const open = s.variant > 1;
  const w = 820;
  const h = 1160;
  const cover = s.ink;
  const pageDots: string[] = [];
  for (let y = 90; y < h - 60; y += 48)
    for (let x = 60; x < w - 40; x += 48) pageDots.push(`<circle cx="${x}" cy="${y}" r="4" fill="#9aa3ad"/>`);
  const page = `<rect width="${w}" height="${h}" fill="#faf7f0"/>${pageDots.join("")}`;
  return (
    tableTop(r, pick(r, ["#c9b79c", "#a7b3ba", "#e2dccf"])) +
    `<g transform="translate(${W / 2} ${H / 2}) rotate(${(r() * 10 - 5).toFixed(1)})">` +
    `<rect x="${open ? -w : -w / 2}" y="${-h / 2}" width="${open ? 2 * w : w}" height="${h}" rx="24" fill="#000" opacity=".45" filter="url(#soft)" transform="translate(26 34)"/>` +
    (open
      ? `<g transform="translate(${-w} ${-h / 2})">${page}</g><g transform="translate(0 ${-h / 2})">${page}</g>` +
        `<rect x="-6" y="${-h / 2}" width="12" height="${h}" fill="#000" opacity=".15"/>`
      : `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="24" fill="${cover}"/>` +
        `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="24" fill="url(#key)" opacity=".4"/>` +
        `<rect x="${w / 2 - 130}" y="${-h / 2}" width="34" height="${h}" fill="${shade(cover, -0.4)}"/>` +
        textLines(
          wrap(s.name.replace(/^Carnet (de )?/i, ""), 14),
          0,
          -60,
          66,
          `font-family="DejaVu Sans" font-weight="bold" fill="${shade(cover, 0.55)}"`,
        )) +
    `</g>` +
    pencil(380, 260, 18) +
    lighting()
  );
}

/** A framed poster leaning on the studio wall: a git history drawn as lanes and commits. */
export function poster(r: Random, s: Subject): string {
  const x = 720;
  const y = 190;
  const w = 960;
  const h = 1280;
  const lanes = ["#2455a4", "#1f7a6d", "#d99a29", "#b8432f"];
  const art: string[] = [];
  lanes.forEach((c, i) => art.push(`<path d="M${200 + i * 150} 260 V${h - 280}" stroke="${c}" stroke-width="16" opacity=".85"/>`));
  for (let k = 0; k < 12; k++) {
    const lane = Math.floor(r() * lanes.length);
    const cy = 300 + k * 58;
    art.push(`<circle cx="${200 + lane * 150}" cy="${cy}" r="24" fill="#fffaf0" stroke="${lanes[lane]}" stroke-width="12"/>`);
  }
  return (
    studio(r, 1480) +
    floorShadow(x + w / 2, y + h + 30, w * 0.55, 30, 0.35) +
    `<rect x="${x + 30}" y="${y + 40}" width="${w}" height="${h}" fill="#000" opacity=".35" filter="url(#blur)"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#2b2b2b"/>` +
    `<g transform="translate(${x + 40} ${y + 40})"><rect width="${w - 80}" height="${h - 80}" fill="#f7f3ea"/>${art.join("")}` +
    textLines(
      wrap(s.name.replace(/^Affiche /, ""), 18),
      (w - 80) / 2,
      h - 200,
      58,
      `font-family="DejaVu Sans" font-weight="bold" fill="#2b2b2b"`,
    ) +
    `</g>` +
    lighting()
  );
}
