// Drawing helpers shared by the demo photos' scenes: a seeded random source, colours, text and the studio set
// (backdrop, soft shadows) every scene stands in.

/** A photo's canvas: every scene draws in these units; the renderer scales to the photo's pixel size. */
export const W = 2400;
export const H = 1800;

/** mulberry32: the same name gives the same photo on every machine (no Math.random in a scene). */
export function rng(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
export const between = (r: Random, min: number, max: number) => min + r() * (max - min);

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** Words into lines of about `perLine` characters (DejaVu at the sizes used fits this many). */
export function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.replace(/« /g, "«\u00a0").replace(/ »/g, "\u00a0»").split(/\s+/)) {
    if (line && `${line} ${word}`.length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Lines of text centred on x (anchor "middle") or starting at x, `size` px apart by 1.18. */
export function textLines(
  lines: string[],
  x: number,
  y: number,
  size: number,
  attrs: string,
  anchor: "start" | "middle" = "middle",
): string {
  const spans = lines.map((l, i) => `<tspan x="${x}" y="${Math.round(y + i * size * 1.18)}">${escapeXml(l)}</tspan>`).join("");
  return `<text text-anchor="${anchor}" font-size="${size}" ${attrs}>${spans}</text>`;
}

/** Lighter (amount > 0) or darker (amount < 0) version of a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (v: number) => Math.round(amount >= 0 ? v + (255 - v) * amount : v * (1 + amount));
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(channel);
  return `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** Colours that print well on paper, cotton and ceramics, and stay apart from each other. */
export const INKS = [
  "#2455a4",
  "#1f7a6d",
  "#b8432f",
  "#d99a29",
  "#5b3f8c",
  "#2f3b4a",
  "#c2577a",
  "#3f7f3a",
  "#e0673a",
  "#176b87",
  "#8a5a2b",
  "#44546a",
] as const;

/** Backdrops of a small product studio: paper sweeps, linen, concrete, light and warm wood tones. */
export const BACKDROPS = [
  { top: "#eeeae3", bottom: "#c9c2b6" },
  { top: "#e4ebef", bottom: "#aebcc6" },
  { top: "#f1e6da", bottom: "#cdb59c" },
  { top: "#e9ece6", bottom: "#b6bfb0" },
  { top: "#efe3e3", bottom: "#c9aeae" },
  { top: "#dcdcdc", bottom: "#9a9a9a" },
] as const;

/**
 * The studio: a paper sweep lit from the upper left (a wall that bends into the floor at `horizon`), a warm key
 * light, and the filters the scenes use (`soft` for contact shadows, `blur` for far shadows).
 */
export function studio(r: Random, horizon = 1150): string {
  const b = pick(r, BACKDROPS);
  return `${defs(r)}<linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${shade(b.top, -0.08)}"/><stop offset="${(horizon / H).toFixed(3)}" stop-color="${b.top}"/>
<stop offset="1" stop-color="${b.bottom}"/></linearGradient>
<rect width="${W}" height="${H}" fill="url(#sweep)"/>`;
}

/** The light and the filters every scene uses. */
function defs(r: Random): string {
  const lx = Math.round(between(r, 600, 1100));
  return `<defs>
<radialGradient id="key" cx="${lx}" cy="300" r="1900" gradientUnits="userSpaceOnUse">
<stop offset="0" stop-color="#fff8ec" stop-opacity=".55"/><stop offset=".55" stop-color="#fff8ec" stop-opacity=".08"/>
<stop offset="1" stop-color="#000" stop-opacity=".28"/></radialGradient>
<filter id="soft" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="18"/></filter>
<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="55"/></filter>
</defs>`;
}

/** Draws over the whole scene: the key light's fall-off, as a lens and a lamp make it. */
export const lighting = () => `<rect width="${W}" height="${H}" fill="url(#key)"/>`;

/** A soft shadow under an object standing on the floor. */
export function floorShadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.45): string {
  return (
    `<ellipse cx="${cx + 40}" cy="${cy + 10}" rx="${rx * 1.1}" ry="${ry * 1.6}" fill="#000" opacity="${opacity * 0.45}" filter="url(#blur)"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity="${opacity}" filter="url(#soft)"/>`
  );
}

/** A top-down table surface (flat-lays): a colour with faint grain lines, lit from the upper left. */
export function tableTop(r: Random, base: string): string {
  const grain = defs(r);
  const lines: string[] = [];
  for (let i = 0; i < 70; i++) {
    const y = Math.round(between(r, 0, H));
    const amp = between(r, 4, 18);
    lines.push(
      `<path d="M0 ${y} C${W / 3} ${y - amp} ${(2 * W) / 3} ${y + amp} ${W} ${y}" stroke="${shade(base, between(r, -0.12, 0.08))}" stroke-width="${between(r, 2, 9).toFixed(1)}" fill="none" opacity=".5"/>`,
    );
  }
  return `${grain}<rect width="${W}" height="${H}" fill="${base}"/>${lines.join("")}`;
}
