// The shop's goodies in the studio: mugs, a flask, clothes, a cap, a tote bag, stickers, badges, a desk mat.
import type { Subject } from "./subject";
import { between, escapeXml, floorShadow, H, lighting, pick, shade, studio, tableTop, textLines, W, wrap, type Random } from "./svg";

/** The slogan printed on a goodie: the «quoted» part of its name, else its name. */
export function slogan(name: string): string {
  return /«\s*([^»]+?)\s*»/.exec(name)?.[1] ?? name;
}

/** A cylinder's shading: dark edges, a highlight left of centre, as a round object under a softbox. */
function roundShade(id: string, base: string): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(base, -0.45)}"/>` +
    `<stop offset=".28" stop-color="${shade(base, 0.25)}"/><stop offset=".4" stop-color="${shade(base, 0.05)}"/>` +
    `<stop offset=".85" stop-color="${shade(base, -0.3)}"/><stop offset="1" stop-color="${shade(base, -0.55)}"/></linearGradient>`
  );
}

/** A ceramic mug, or a steel travel mug, with the name's slogan printed on it. */
export function mug(r: Random, s: Subject): string {
  const travel = /isotherme/.test(s.slug);
  const body = travel ? "#c8ccd2" : s.variant > 1 ? "#f3f0ea" : pick(r, ["#f3f0ea", "#2f3b4a", s.ink]);
  const ink = body === "#f3f0ea" || travel ? s.ink : "#f3f0ea";
  const w = travel ? 460 : 620;
  const h = travel ? 1020 : 640;
  const x = 1200 - w / 2 - 60;
  const y = 1380 - h;
  const lines = wrap(travel ? "Bon voyage" : slogan(s.name), 12);
  return (
    studio(r, 1080) +
    `<defs>${roundShade("body", body)}</defs>` +
    floorShadow(1200, 1385, w * 0.7, 46) +
    (travel
      ? `<rect x="${x - 10}" y="${y - 90}" width="${w + 20}" height="120" rx="30" fill="#2b2f36"/>`
      : `<path d="M${x + w - 20} ${y + 140} C${x + w + 260} ${y + 110} ${x + w + 260} ${y + 470} ${x + w - 20} ${y + 480}" fill="none" stroke="${shade(body, -0.2)}" stroke-width="70"/>`) +
    `<path d="M${x} ${y} V${y + h - 40} Q${x} ${y + h} ${x + 60} ${y + h} H${x + w - 60} Q${x + w} ${y + h} ${x + w} ${y + h - 40} V${y} Z" fill="url(#body)"/>` +
    `<ellipse cx="${x + w / 2}" cy="${y}" rx="${w / 2}" ry="46" fill="${shade(body, -0.25)}"/>` +
    `<ellipse cx="${x + w / 2}" cy="${y + 6}" rx="${w / 2 - 22}" ry="34" fill="${travel ? "#2b2f36" : "#3b2417"}"/>` +
    textLines(
      lines,
      x + w / 2,
      y + h * 0.45,
      lines.length > 2 ? 62 : 74,
      `font-family="DejaVu Sans" font-weight="bold" fill="${ink}" opacity=".92"`,
    ) +
    lighting()
  );
}

/** A T-shirt or a hoodie laid flat, its print on the chest. */
export function garment(r: Random, s: Subject): string {
  const hoodie = /sweat/.test(s.slug);
  const colors = ["#2f3b4a", "#f1efe9", "#b8432f", "#1f7a6d", "#2455a4"];
  const cloth = colors[(s.variant - 1 + (hoodie ? 2 : 0)) % colors.length]!;
  const print = cloth === "#f1efe9" ? "#2f3b4a" : "#f6f2e8";
  const body = hoodie
    ? "M780 420 L600 500 L330 1240 L500 1300 L660 860 L700 1560 L1700 1560 L1740 860 L1900 1300 L2070 1240 L1800 500 L1620 420 C1560 560 840 560 780 420 Z"
    : "M820 330 L520 450 L330 860 L560 960 L700 760 L700 1560 L1700 1560 L1700 760 L1840 960 L2070 860 L1880 450 L1580 330 C1500 470 900 470 820 330 Z";
  const lines = wrap(slogan(s.name), 14);
  return (
    tableTop(r, pick(r, ["#d9d2c5", "#c4ccd1", "#e6ddd0"])) +
    `<path d="${body}" fill="#000" opacity=".4" filter="url(#soft)" transform="translate(28 36)"/>` +
    `<path d="${body}" fill="${cloth}"/>` +
    (hoodie
      ? `<path d="M930 440 C980 620 1420 620 1470 440 C1400 330 1000 330 930 440 Z" fill="${shade(cloth, -0.25)}"/><path d="M1100 600 V820 M1300 600 V820" stroke="${shade(cloth, 0.4)}" stroke-width="12"/><path d="M960 1250 H1440 L1400 1460 H1000 Z" fill="${shade(cloth, -0.12)}"/>`
      : `<path d="M900 360 C960 470 1440 470 1500 360" fill="none" stroke="${shade(cloth, -0.25)}" stroke-width="30"/>`) +
    `<path d="M1000 700 C1100 900 1050 1200 1150 1480 M1500 640 C1450 900 1560 1200 1480 1500" stroke="#000" stroke-width="40" opacity=".06" fill="none"/>` +
    textLines(lines, 1200, hoodie ? 980 : 780, lines.length > 2 ? 70 : 84, `font-family="DejaVu Sans" font-weight="bold" fill="${print}"`) +
    lighting()
  );
}

/** Die-cut stickers or enamel pins scattered on a table. */
export function scattered(r: Random, s: Subject): string {
  const pins = /badge/.test(s.slug);
  const labels = ["</>", "git", "npm", "TS", "{ }", "λ", "404", "sudo", "#", "CI", "=>", "API"];
  const items: string[] = [];
  const count = /edition/.test(s.slug) ? 1 : 9;
  for (let i = 0; i < count; i++) {
    const single = count === 1;
    const x = single ? W / 2 : 380 + (i % 3) * 820 + between(r, -80, 80);
    const y = single ? H / 2 : 330 + Math.floor(i / 3) * 560 + between(r, -60, 60);
    const size = single ? 560 : between(r, 170, 230);
    const ink = pick(r, ["#2455a4", "#1f7a6d", "#b8432f", "#d99a29", "#5b3f8c", "#c2577a", "#2f3b4a"]);
    const label = single ? "1/100" : labels[i % labels.length]!;
    const shape = pins
      ? `<circle r="${size}" fill="#d8b45a"/><circle r="${size * 0.86}" fill="${ink}"/>`
      : i % 2
        ? `<rect x="${-size}" y="${-size * 0.7}" width="${2 * size}" height="${1.4 * size}" rx="${size * 0.3}" fill="#fff"/><rect x="${-size + 16}" y="${-size * 0.7 + 16}" width="${2 * size - 32}" height="${1.4 * size - 32}" rx="${size * 0.25}" fill="${ink}"/>`
        : `<circle r="${size}" fill="#fff"/><circle r="${size - 16}" fill="${ink}"/>`;
    items.push(
      `<g transform="translate(${Math.round(x)} ${Math.round(y)}) rotate(${Math.round(between(r, -25, 25))})">` +
        `<g transform="translate(14 20)" opacity=".35" filter="url(#soft)">${shape.replace(/fill="[^"]+"/g, 'fill="#000"')}</g>${shape}` +
        `<text y="${size * 0.18}" text-anchor="middle" font-family="DejaVu Sans Mono" font-weight="bold" font-size="${Math.round(size * (label.length > 3 ? 0.42 : 0.6))}" fill="#fff">${escapeXml(label)}</text></g>`,
    );
  }
  return tableTop(r, pick(r, ["#e3ddd2", "#c9d1d6", "#2f3b4a"])) + items.join("") + lighting();
}

/** A cap, seen from the front and a little above, its brim's shadow on the floor. */
export function cap(r: Random, s: Subject): string {
  const cloth = s.variant > 1 ? "#2455a4" : pick(r, ["#2f3b4a", "#1f7a6d", "#b8432f"]);
  return (
    studio(r, 1150) +
    `<defs>${roundShade("crown", cloth)}</defs>` +
    floorShadow(1200, 1420, 720, 60) +
    `<path d="M640 1130 C640 300 1760 300 1760 1130 Z" fill="url(#crown)"/>` +
    `<path d="M1200 520 V1130 M930 600 C950 780 960 960 965 1130 M1470 600 C1450 780 1440 960 1435 1130" stroke="${shade(cloth, -0.35)}" stroke-width="10" fill="none"/>` +
    `<circle cx="1200" cy="516" r="30" fill="${shade(cloth, -0.2)}"/>` +
    // the brim comes toward the camera: its top face, then the darker underside's edge
    `<path d="M560 1120 C800 1050 1600 1050 1840 1120 C1800 1330 1560 1440 1200 1440 C840 1440 600 1330 560 1120 Z" fill="${shade(cloth, -0.1)}"/>` +
    `<path d="M560 1120 C600 1330 840 1440 1200 1440 C1560 1440 1800 1330 1840 1120 C1820 1380 1560 1480 1200 1480 C840 1480 580 1380 560 1120 Z" fill="${shade(cloth, -0.5)}"/>` +
    `<path d="M700 1150 C900 1110 1500 1110 1700 1150" stroke="${shade(cloth, 0.25)}" stroke-width="8" fill="none" stroke-dasharray="22 16"/>` +
    `<text x="1200" y="900" text-anchor="middle" font-family="DejaVu Sans Mono" font-weight="bold" font-size="150" fill="#f1efe9">&lt;/&gt;</text>` +
    lighting()
  );
}

/** A canvas tote bag hanging against the studio wall. */
export function tote(r: Random, s: Subject): string {
  const canvas = "#e9dfc9";
  return (
    studio(r, 1500) +
    `<rect x="700" y="560" width="1000" height="1080" fill="#000" opacity=".35" filter="url(#blur)" transform="translate(40 40)"/>` +
    `<path d="M880 580 C880 160 1520 160 1520 580" fill="none" stroke="${shade(canvas, -0.12)}" stroke-width="60"/>` +
    `<rect x="700" y="560" width="1000" height="1080" fill="${canvas}"/>` +
    `<path d="M700 560 H1700 V620 H700 Z" fill="${shade(canvas, -0.1)}"/>` +
    textLines(wrap(slogan(s.name), 10), 1200, 1080, 120, `font-family="DejaVu Sans" font-weight="bold" fill="${s.ink}"`) +
    lighting()
  );
}

/** A large desk mat under a keyboard and a mouse. */
export function deskMat(r: Random, s: Subject): string {
  const grid: string[] = [];
  for (let x = 260; x < 2200; x += 120) grid.push(`<path d="M${x} 300 V1500" stroke="#fff" stroke-width="3" opacity=".12"/>`);
  for (let y = 300; y < 1500; y += 120) grid.push(`<path d="M160 ${y} H2240" stroke="#fff" stroke-width="3" opacity=".12"/>`);
  return (
    tableTop(r, "#b48a60") +
    `<rect x="190" y="320" width="2060" height="1200" rx="60" fill="#000" opacity=".45" filter="url(#soft)"/>` +
    `<rect x="160" y="290" width="2060" height="1200" rx="60" fill="${shade(s.ink, -0.45)}"/>${grid.join("")}` +
    `<rect x="360" y="760" width="1180" height="400" rx="30" fill="#e4e6ea"/>` +
    Array.from(
      { length: 48 },
      (_, i) => `<rect x="${390 + (i % 16) * 70}" y="${790 + Math.floor(i / 16) * 110}" width="58" height="90" rx="8" fill="#c6cad1"/>`,
    ).join("") +
    `<ellipse cx="1840" cy="960" rx="130" ry="200" fill="#2b2f36"/><path d="M1840 780 V900" stroke="#555" stroke-width="8"/>` +
    `<text x="1190" y="600" text-anchor="middle" font-family="DejaVu Sans Mono" font-size="90" fill="#fff" opacity=".55">git commit -m "ok"</text>` +
    lighting()
  );
}

/** A stainless steel water bottle standing in the studio. */
export function bottle(r: Random, s: Subject): string {
  return (
    studio(r, 1100) +
    `<defs>${roundShade("steel", "#b9bfc7")}${roundShade("cap", "#2f3b4a")}</defs>` +
    floorShadow(1200, 1560, 300, 40) +
    `<path d="M1010 620 C1010 520 1090 470 1130 440 V330 H1270 V440 C1310 470 1390 520 1390 620 V1510 Q1390 1560 1340 1560 H1060 Q1010 1560 1010 1510 Z" fill="url(#steel)"/>` +
    `<rect x="1110" y="200" width="180" height="150" rx="24" fill="url(#cap)"/>` +
    `<rect x="1010" y="900" width="380" height="300" fill="${s.ink}" opacity=".9"/>` +
    `<text x="1200" y="1080" text-anchor="middle" font-family="DejaVu Sans Mono" font-weight="bold" font-size="90" fill="#fff">H₂O</text>` +
    lighting()
  );
}
