// Flat-lays of the consultant's work: a laptop showing the service's subject, a training workbook, the props of a desk.
import { pencil } from "./scenes-print";
import type { Subject } from "./subject";
import { escapeXml, lighting, pick, rng, shade, tableTop, textLines, W, wrap, type Random } from "./svg";

const DESKS = ["#8c6a4f", "#b48a60", "#5f6b70", "#d9d2c5", "#3d4a52", "#a9927a"] as const;

/** A cup of coffee seen from above. */
function coffee(x: number, y: number): string {
  return (
    `<circle cx="${x + 26}" cy="${y + 34}" r="190" fill="#000" opacity=".4" filter="url(#soft)"/>` +
    `<circle cx="${x}" cy="${y}" r="240" fill="#f4f1ea"/><circle cx="${x}" cy="${y}" r="235" fill="none" stroke="#d8d2c6" stroke-width="6"/>` +
    `<circle cx="${x}" cy="${y}" r="150" fill="#f8f6f1"/><circle cx="${x}" cy="${y}" r="118" fill="#e9e5dc"/>` +
    `<circle cx="${x}" cy="${y}" r="100" fill="#4a2c1c"/><circle cx="${x - 24}" cy="${y - 26}" r="34" fill="#8a5a3a" opacity=".55"/>` +
    `<rect x="${x + 140}" y="${y - 36}" width="90" height="72" rx="34" fill="#f4f1ea"/>`
  );
}

/** A square sticky note with one handwritten-looking word. */
function sticky(x: number, y: number, angle: number, color: string, word: string): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="14" y="22" width="300" height="300" fill="#000" opacity=".3" filter="url(#soft)"/>` +
    `<rect width="300" height="300" fill="${color}"/><rect width="300" height="46" fill="#000" opacity=".05"/>` +
    `<text x="150" y="180" text-anchor="middle" font-family="DejaVu Sans" font-style="oblique" font-weight="bold" font-size="${word.length > 8 ? 38 : word.length > 6 ? 44 : 58}" fill="#2b2b2b">${escapeXml(word)}</text></g>`
  );
}

type Screen = (r: Random, ink: string) => string;

/** What the laptop shows, in screen units (1000 × 620), chosen by the service's subject. */
const SCREENS: Record<string, Screen> = {
  bars: (r, ink) =>
    [0, 1, 2, 3, 4, 5, 6]
      .map((i) => {
        const h = 120 + Math.round(r() * 360);
        return `<rect x="${110 + i * 120}" y="${540 - h}" width="76" height="${h}" rx="8" fill="${i === 4 ? "#f0b429" : ink}"/>`;
      })
      .join("") + `<path d="M80 540 H940" stroke="#8d99a6" stroke-width="4"/>`,
  line: (r, ink) => {
    let d = "M90 480";
    for (let i = 1; i <= 10; i++) d += ` L${90 + i * 84} ${Math.round(480 - i * 30 + r() * 90 - 45)}`;
    return `<path d="${d}" fill="none" stroke="${ink}" stroke-width="14" stroke-linejoin="round"/><path d="M80 540 H940 M80 100 V540" stroke="#8d99a6" stroke-width="4"/>`;
  },
  boxes: (_, ink) =>
    [
      [120, 110],
      [420, 110],
      [720, 110],
      [270, 380],
      [570, 380],
    ]
      .map(([x, y]) => `<rect x="${x}" y="${y}" width="200" height="120" rx="18" fill="none" stroke="${ink}" stroke-width="12"/>`)
      .join("") + `<path d="M220 230 L370 380 M520 230 L370 380 M520 230 L670 380 M820 230 L670 380" stroke="#8d99a6" stroke-width="8"/>`,
  gauge: (r, ink) => {
    const a = Math.PI * (0.15 + r() * 0.2);
    return (
      `<path d="M230 470 A270 270 0 0 1 770 470" fill="none" stroke="#3a4656" stroke-width="60"/>` +
      `<path d="M230 470 A270 270 0 0 1 ${Math.round(500 - 270 * Math.cos(a))} ${Math.round(470 - 270 * Math.sin(a))}" fill="none" stroke="${ink}" stroke-width="60"/>` +
      `<text x="500" y="450" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="120" fill="#e8edf3">${90 + Math.floor(r() * 9)}</text>`
    );
  },
  shield: (_, ink) =>
    `<path d="M500 80 L730 160 V320 C730 450 620 520 500 560 C380 520 270 450 270 320 V160 Z" fill="${ink}"/>` +
    `<path d="M400 320 L480 400 L620 250" fill="none" stroke="#fff" stroke-width="34" stroke-linecap="round" stroke-linejoin="round"/>`,
  cloud: (_, ink) =>
    `<path d="M300 430 C210 430 190 320 270 300 C270 210 380 180 430 240 C470 150 640 160 650 270 C760 260 790 430 680 430 Z" fill="${ink}"/>` +
    `<path d="M480 330 V520 M420 460 L480 520 L540 460" stroke="#e8edf3" stroke-width="22" fill="none" stroke-linecap="round"/>`,
  wheel: (_, ink) =>
    `<circle cx="500" cy="310" r="200" fill="none" stroke="${ink}" stroke-width="34"/><circle cx="500" cy="310" r="56" fill="${ink}"/>` +
    [0, 1, 2, 3, 4, 5, 6]
      .map((i) => {
        const a = (i / 7) * Math.PI * 2;
        return `<path d="M500 310 L${Math.round(500 + 240 * Math.sin(a))} ${Math.round(310 - 240 * Math.cos(a))}" stroke="${ink}" stroke-width="26" stroke-linecap="round"/>`;
      })
      .join(""),
  checklist: (r, ink) =>
    [0, 1, 2, 3, 4]
      .map((i) => {
        const done = r() > 0.3;
        return (
          `<rect x="150" y="${90 + i * 100}" width="60" height="60" rx="10" fill="${done ? ink : "none"}" stroke="${ink}" stroke-width="8"/>` +
          `<rect x="250" y="${106 + i * 100}" width="${300 + Math.round(r() * 380)}" height="28" rx="14" fill="#5b6877"/>`
        );
      })
      .join(""),
  code: (r, ink) =>
    Array.from({ length: 11 }, (_, i) => {
      const indent = [0, 1, 1, 2, 2, 1, 0][i % 7]! * 50;
      return `<rect x="${90 + indent}" y="${70 + i * 46}" width="${120 + Math.round(r() * 420)}" height="22" rx="11" fill="${pick(r, [ink, "#8d99a6", "#c678dd", "#98c379"])}"/>`;
    }).join(""),
};

/** Which screen a service or a training shows, from words of its name. */
function screenFor(slug: string): Screen {
  const rules: [RegExp, string][] = [
    [/performance|couts|cto/, "gauge"],
    [/securite/, "shield"],
    [/cloud|aws|migration/, "cloud"],
    [/kubernetes|docker|devops/, "wheel"],
    [/architecture|cadrage|faisabilite|si$/, "boxes"],
    [/accessibilite|tests|dette/, "checklist"],
    [/code|typescript|react|node|git|sql/, "code"],
    [/coaching|webinaire/, "line"],
  ];
  const hit = rules.find(([re]) => re.test(slug));
  return SCREENS[hit ? hit[1] : "bars"]!;
}

/** An open laptop seen from above at (x, y), its screen showing `screen`. */
function laptop(r: Random, x: number, y: number, angle: number, screen: Screen, ink: string): string {
  const keys: string[] = [];
  for (let row = 0; row < 5; row++)
    for (let k = 0; k < 13; k++) keys.push(`<rect x="${70 + k * 68}" y="${730 + row * 62}" width="56" height="50" rx="8" fill="#2d3138"/>`);
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle})">` +
    `<rect x="30" y="50" width="1100" height="1120" rx="40" fill="#000" opacity=".45" filter="url(#soft)"/>` +
    `<rect width="1100" height="700" rx="36" fill="#1f232a"/><rect x="50" y="40" width="1000" height="620" rx="10" fill="#27303b"/>` +
    `<g transform="translate(50 40)">${screen(r, ink)}</g>` +
    `<rect y="690" width="1100" height="450" rx="36" fill="#c9cdd3"/><rect y="690" width="1100" height="450" rx="36" fill="url(#key)" opacity=".5"/>` +
    keys.join("") +
    `<rect x="380" y="1060" width="340" height="60" rx="12" fill="#b7bcc3"/></g>`
  );
}

const STICKY_COLORS = ["#f7e26b", "#f4a9a8", "#a8e0c4", "#a9cbf0", "#f9c57a"] as const;

/** The word a sticky note carries: the longest short word of the service's name, as a consultant would write it. */
function keyword(name: string): string {
  const words = name
    .replace(/[«»():]/g, "")
    .split(/\s+/)
    .map((w) => w.replace(/^[dl]'/i, ""))
    .filter((w) => w.length <= 9);
  return words.reduce((a, b) => (b.length > a.length ? b : a), "").toUpperCase();
}

/** A lined notepad with a few handwritten-looking lines and a sketch, seen from above. */
function notepad(r: Random, x: number, y: number, angle: number, ink: string): string {
  const lines = Array.from({ length: 12 }, (_, i) => `<path d="M60 ${170 + i * 62} H620" stroke="#b9c7d6" stroke-width="3"/>`).join("");
  const words = Array.from({ length: 6 }, (_, i) => {
    const w = 180 + Math.round(r() * 300);
    return `<path d="M80 ${158 + i * 62} q${w / 4} -18 ${w / 2} 0 t${w / 2} 0" stroke="${i ? "#2f3b4a" : ink}" stroke-width="${i ? 5 : 8}" fill="none" stroke-linecap="round"/>`;
  }).join("");
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="22" y="30" width="680" height="900" fill="#000" opacity=".35" filter="url(#soft)"/>` +
    `<rect width="680" height="900" fill="#fbfaf6"/><rect width="680" height="90" fill="${ink}"/>${lines}${words}` +
    `<rect x="110" y="600" width="160" height="110" rx="14" fill="none" stroke="${ink}" stroke-width="7"/><rect x="400" y="600" width="160" height="110" rx="14" fill="none" stroke="${ink}" stroke-width="7"/>` +
    `<path d="M270 655 H400" stroke="${ink}" stroke-width="7"/></g>`
  );
}

/**
 * A consulting service: a laptop showing its subject, with a notepad, a sticky note, coffee and a pencil, in one
 * of three arrangements (a shop's photographer does not shoot every service the same way).
 */
export function desk(r: Random, s: Subject): string {
  const screen = screenFor(s.slug);
  const ink = shade(s.ink, 0.15);
  const color = pick(r, STICKY_COLORS);
  const at = (x: number, y: number, angle: number) => sticky(x, y, angle, color, keyword(s.name));
  // The product picks the first arrangement, its gallery's other photos the next ones: no two alike.
  const layout = (Math.floor(rng(s.slug)() * 3) + s.variant - 1) % 3;
  const tilt = -6 + r() * 12;
  const scene =
    layout === 0
      ? laptop(r, 520 + Math.round(r() * 200), 300, tilt, screen, ink) +
        at(180, 1240, -8 + r() * 16) +
        coffee(2080, 380) +
        pencil(120, 1100, -20)
      : layout === 1
        ? notepad(r, 160, 260, -4 + r() * 6, ink) + laptop(r, 1020, 420, tilt, screen, ink) + coffee(560, 1480) + at(1960, 180, 6)
        : laptop(r, 700, 120, tilt, screen, ink) +
          notepad(r, 1700, 880, 12, ink) +
          at(260, 1260, -10) +
          coffee(320, 420) +
          pencil(900, 1560, -4);
  return tableTop(r, pick(r, DESKS)) + scene + lighting();
}

/** The short name of a training's technology, printed large on its workbook. */
function monogram(slug: string): string {
  const names: [RegExp, string][] = [
    [/react-router/, "RR7"],
    [/typescript/, "TS"],
    [/react/, "React"],
    [/devops/, "CI/CD"],
    [/node/, "Node"],
    [/docker/, "Docker"],
    [/kubernetes/, "K8s"],
    [/tests/, "Tests"],
    [/accessibilite/, "RGAA"],
    [/architecture/, "Hexa"],
    [/git/, "Git"],
    [/securite/, "OWASP"],
    [/sql/, "SQL"],
    [/clean-code/, "Clean"],
    [/aws/, "AWS"],
  ];
  return names.find(([re]) => re.test(slug))?.[1] ?? "Dev";
}

/** A training: its spiral-bound workbook, a participant's badge and the laptop it is taught on. */
export function workbook(r: Random, s: Subject): string {
  const w = 900;
  const h = 1200;
  const rings = Array.from(
    { length: 16 },
    (_, i) => `<rect x="${40 + i * 53}" y="-26" width="18" height="60" rx="9" fill="#9aa0a8"/>`,
  ).join("");
  const mono = monogram(s.slug);
  return (
    tableTop(r, pick(r, DESKS)) +
    laptop(r, 1420, -260, 8 + r() * 6, screenFor(s.slug), shade(s.ink, 0.2)) +
    `<g transform="translate(${300 + Math.round(r() * 140)} ${380 + Math.round(r() * 60)}) rotate(${(-7 + r() * 8).toFixed(1)})">` +
    `<rect x="30" y="40" width="${w}" height="${h}" fill="#000" opacity=".45" filter="url(#soft)"/>` +
    `<rect width="${w}" height="${h}" fill="#fbf9f4"/><rect width="${w}" height="430" fill="${s.ink}"/>` +
    `<text x="70" y="140" font-family="DejaVu Sans" font-size="46" letter-spacing="8" fill="${shade(s.ink, 0.6)}">FORMATION</text>` +
    `<text x="70" y="${mono.length > 4 ? 340 : 370}" font-family="DejaVu Sans" font-weight="bold" font-size="${mono.length > 4 ? 170 : 220}" fill="#fff">${escapeXml(mono)}</text>` +
    textLines(
      wrap(s.name.replace(/^(Formation|Webinaire) ?:? ?/i, ""), 20),
      70,
      560,
      62,
      `font-family="DejaVu Sans" font-weight="bold" fill="#2b2f36"`,
      "start",
    ) +
    [0, 1, 2, 3, 4].map((i) => `<rect x="70" y="${820 + i * 60}" width="${560 - i * 60}" height="20" rx="10" fill="#d4d7dc"/>`).join("") +
    rings +
    `</g>` +
    badge(r, 1500, 1000, s.ink) +
    lighting()
  );
}

/** A conference badge on its lanyard. */
function badge(r: Random, x: number, y: number, ink: string): string {
  return (
    `<path d="M${x + 200} ${y - 30} C${x + 260} ${y - 300} ${x + 700} ${y - 320} ${W + 40} ${y - 500}" stroke="${ink}" stroke-width="46" fill="none"/>` +
    `<g transform="translate(${x} ${y}) rotate(${(-12 + r() * 10).toFixed(1)})"><rect x="20" y="30" width="420" height="560" rx="24" fill="#000" opacity=".4" filter="url(#soft)"/>` +
    `<rect width="420" height="560" rx="24" fill="#fdfdfb"/><rect width="420" height="130" rx="24" fill="${ink}"/><rect x="170" y="28" width="80" height="22" rx="11" fill="#fff" opacity=".85"/>` +
    `<circle cx="210" cy="270" r="80" fill="#d9dde2"/><rect x="70" y="400" width="280" height="34" rx="17" fill="#2b2f36"/>` +
    `<text x="210" y="510" text-anchor="middle" font-family="DejaVu Sans" font-size="34" letter-spacing="4" fill="#6a7380">PARTICIPANT</text></g>`
  );
}
