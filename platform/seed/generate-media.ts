// Writes the demo media (small SVG placeholders) referenced by demo.json.
// Run: node --import tsx platform/seed/generate-media.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

interface SeedCollection {
  slug: string;
  name: string;
  image: string;
}
interface SeedProduct {
  slug: string;
  name: string;
  collections: string[];
  media: string[];
}
interface Seed {
  collections: SeedCollection[];
  products: SeedProduct[];
}

const here = dirname(fileURLToPath(import.meta.url));
const seed = JSON.parse(readFileSync(join(here, "demo.json"), "utf8")) as Seed;
const mediaRoot = join(here, "media");

// One palette per collection so a product's collection is recognisable at a glance.
const palettes: Record<string, { bg: string[]; fg: string; accent: string }> = {
  conseil: { bg: ["#1e3a5f", "#24476f", "#2b5480"], fg: "#ffffff", accent: "#7cc4ff" },
  formations: { bg: ["#5b2a86", "#6b3596", "#7a42a6"], fg: "#ffffff", accent: "#f0c6ff" },
  livres: { bg: ["#8a4b16", "#9a5a22", "#a8692f"], fg: "#fff8ee", accent: "#ffd59e" },
  goodies: { bg: ["#0f766e", "#14857c", "#1a948a"], fg: "#ffffff", accent: "#a7f3d0" },
};
const fallback = { bg: ["#374151", "#4b5563", "#6b7280"], fg: "#ffffff", accent: "#d1d5db" };

// Simple icon-like shapes, centred around (400, 250).
const icons: Record<string, (c: string) => string> = {
  conseil: (c) =>
    `<circle cx="380" cy="230" r="90" fill="none" stroke="${c}" stroke-width="24"/><path d="M445 295l90 90" stroke="${c}" stroke-width="30" stroke-linecap="round"/>`,
  formations: (c) =>
    `<path d="M400 150l190 80-190 80-190-80z" fill="${c}"/><path d="M290 280v70c60 40 160 40 220 0v-70" fill="none" stroke="${c}" stroke-width="20"/>`,
  livres: (c) =>
    `<path d="M240 160h140c15 0 20 10 20 20v190c0-12-8-20-20-20H240zM560 160H420c-15 0-20 10-20 20v190c0-12 8-20 20-20h140z" fill="${c}"/>`,
  goodies: (c) => `<path d="M320 160l-90 50 30 60 40-20v140h200V250l40 20 30-60-90-50c-10 30-40 45-80 45s-70-15-80-45z" fill="${c}"/>`,
};
const fallbackIcon = (c: string) => `<rect x="300" y="150" width="200" height="200" rx="30" fill="${c}"/>`;

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// Greedy word wrap; long names get smaller text so they stay inside 800px.
function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  // Non-breaking spaces keep French guillemets attached to their word.
  for (const word of text.replace(/« /g, "«\u00a0").replace(/ »/g, "\u00a0»").split(/ +/)) {
    if (line && (line + " " + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function svg(title: string, collection: string, variant: number, subtitle: string): string {
  const pal = palettes[collection] ?? fallback;
  const icon = icons[collection] ?? fallbackIcon;
  const size = title.length > 40 ? 44 : title.length > 22 ? 54 : 68;
  const lines = wrap(title, Math.floor(1300 / size));
  const startY = 500 - ((lines.length - 1) * size * 1.2) / 2;
  const tspans = lines.map((l, i) => `<tspan x="400" y="${Math.round(startY + i * size * 1.2)}">${escapeXml(l)}</tspan>`).join("");
  const deco =
    variant === 1 ? "" : `<circle cx="${variant === 2 ? 700 : 100}" cy="100" r="${60 * variant}" fill="${pal.accent}" opacity=".25"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img" aria-label="${escapeXml(title)}">` +
    `<rect width="800" height="800" fill="${pal.bg[(variant - 1) % pal.bg.length]}"/>${deco}${icon(pal.accent)}` +
    `<text text-anchor="middle" font-family="system-ui,sans-serif" font-weight="700" font-size="${size}" fill="${pal.fg}">${tspans}</text>` +
    `<text x="400" y="730" text-anchor="middle" font-family="system-ui,sans-serif" font-size="30" fill="${pal.accent}">${escapeXml(subtitle)}</text></svg>\n`
  );
}

function write(rel: string, content: string): void {
  const file = join(mediaRoot, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  const bytes = Buffer.byteLength(content);
  if (bytes >= 2048) throw new Error(`${rel} is ${bytes} bytes, keep media under 2 KB`);
}

let count = 0;
for (const c of seed.collections) {
  write(c.image, svg(c.name, c.slug, 1, "Collection"));
  count++;
}
for (const p of seed.products) {
  const collection = p.collections[0] ?? "";
  const label = seed.collections.find((c) => c.slug === collection)?.name ?? "";
  p.media.forEach((rel, i) => {
    write(rel, svg(p.name, collection, i + 1, p.media.length > 1 ? `${label} · ${i + 1}/${p.media.length}` : label));
    count++;
  });
}
console.log(`${count} media files written to ${mediaRoot}`);
