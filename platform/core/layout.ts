// Shared HTML shell of the hosted pages: server-rendered, French, no JavaScript needed.
import { escapeHtml } from "./http";

export const e = escapeHtml;

export const PLATFORM_CSS = `
:root {
  --bg: light-dark(#f6f5f1, #121820); --surface: light-dark(#ffffff, #1b2430); --text: light-dark(#1c2733, #e8edf2);
  --muted: light-dark(#4f5b67, #a9b4c0); --accent: light-dark(#2455a4, #8fb3ff); --accent-text: light-dark(#ffffff, #0d1520);
  --border: light-dark(#dcd9d0, #2f3b4a); --danger: light-dark(#b42318, #ff8a80); --danger-bg: light-dark(#fdecea, #3a1d1b);
  --notice-bg: light-dark(#e8f0fb, #1c2a40); --radius: 8px; color-scheme: light;
}
[data-theme="dark"] { color-scheme: dark; }
[data-theme="auto"] { color-scheme: light dark; }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; font-size: 1.0625rem;
  color: var(--text); background: var(--bg); line-height: 1.6; }
.platform-header { padding: 1rem 1.25rem; border-bottom: 1px solid var(--border); background: var(--surface); }
.platform-header p { margin: 0; font-weight: 800; letter-spacing: .08em; }
.platform-header small { color: var(--muted); font-weight: 400; letter-spacing: 0; }
main { max-width: 44rem; margin: 2rem auto; padding: 0 1rem 3rem; }
.card { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 1.5rem; margin-bottom: 1.25rem; }
h1, h2, h3 { line-height: 1.2; }
h1 { font-size: 1.75rem; margin: 0 0 1rem; }
h2 { font-size: 1.2rem; margin: 0 0 .75rem; }
h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
label { display: block; font-weight: 600; margin: .75rem 0 .3rem; }
input[type=text], input[type=email], input[type=password] { width: 100%; padding: .55rem .7rem; border: 1px solid var(--border);
  border-radius: var(--radius); font: inherit; color: var(--text); background: var(--surface); }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.hint { color: var(--muted); font-size: .9rem; margin: .25rem 0 0; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.25rem; align-items: center; }
button { font: inherit; font-weight: 600; cursor: pointer; border-radius: var(--radius); padding: .6rem 1.1rem; border: 1px solid var(--accent); }
button:hover { filter: brightness(1.08); }
button.primary { background: var(--accent); color: var(--accent-text); }
button.secondary { background: transparent; color: var(--accent); border-color: var(--border); }
button.link { background: none; border: none; color: var(--accent); text-decoration: underline; text-underline-offset: .2em; padding: .6rem .25rem; }
a { color: var(--accent); }
.error { background: var(--danger-bg); color: var(--danger); border: 1px solid var(--danger); border-radius: var(--radius); padding: .75rem 1rem; margin: 0 0 1rem; }
.notice { background: var(--notice-bg); border: 1px solid var(--border); border-left: 4px solid var(--accent); border-radius: var(--radius); padding: .75rem 1rem; margin: 0 0 1rem; }
.field-error { color: var(--danger); font-size: .9rem; margin: .25rem 0 0; }
.error-summary p { margin: 0; }
.error-summary ul { margin: .25rem 0 0; padding-left: 1.25rem; }
.error-summary a { color: var(--danger); }
input[aria-invalid="true"] { border-color: var(--danger); border-width: 2px; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .45rem .25rem; border-bottom: 1px solid var(--border); vertical-align: top; }
td.num, th.num { text-align: right; white-space: nowrap; }
tfoot th, tfoot td { border-bottom: none; }
tr.total th, tr.total td { font-weight: 700; font-size: 1.1rem; }
.muted { color: var(--muted); }
.mail-body { white-space: pre-wrap; overflow-wrap: anywhere; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
@media (max-width: 560px) { .row { grid-template-columns: 1fr; } }
.demo-banner { background: light-dark(#fff4d6, #3a3113); color: light-dark(#5c4300, #f7e3a1); border-bottom: 1px solid light-dark(#f0d58a, #6b5a1f);
  padding: .4rem 1.25rem; font-size: .9rem; }
`;

/**
 * The site's theme for a hosted page (tests/e2e/buyer-hosted-pages.spec.ts, "hosted pages follow the theme"), as the site decides it (app/.server/site/theme.server.ts): the
 * visitor's choice (the site's `theme` cookie: React Router's base64 JSON encoding), else the system's preference
 * the site learnt (its `CH-prefers-color-scheme` cookie, or Chromium's `Sec-CH-Prefers-Color-Scheme` hint), else
 * "auto": the CSS follows the browser's prefers-color-scheme.
 */
export function themeFrom(request: Request | undefined): "light" | "dark" | "auto" {
  const cookies = request?.headers.get("cookie") ?? "";
  const raw = cookies.match(/(?:^|;\s*)theme=([^;]+)/)?.[1];
  if (raw) {
    try {
      const chosen: unknown = JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8"));
      if (chosen === "dark" || chosen === "light") return chosen;
    } catch {
      // A broken cookie is no choice: the preference below decides.
    }
  }
  const hint = cookies.match(/(?:^|;\s*)CH-prefers-color-scheme=(dark|light)(?:;|$)/)?.[1];
  if (hint === "dark" || hint === "light") return hint;
  const header = request?.headers.get("sec-ch-prefers-color-scheme")?.replace(/"/g, "").trim();
  return header === "dark" || header === "light" ? header : "auto";
}

/** Applies the visitor's theme to a rendered hosted page. */
export async function withTheme(request: Request, res: Response): Promise<Response> {
  const theme = themeFrom(request);
  if (theme === "light" || !(res.headers.get("content-type") ?? "").startsWith("text/html")) return res;
  const body = (await res.text()).replace('<html lang="fr" data-theme="light">', `<html lang="fr" data-theme="${theme}">`);
  return new Response(body, { status: res.status, headers: res.headers });
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${e(title)}</title>
<link rel="stylesheet" href="/_platform/assets/platform.css">
</head>
<body>
<header>
<div class="demo-banner" role="note">Plateforme de démonstration intégrée : aucun paiement réel n'est effectué.</div>
<div class="platform-header"><p>Boutique <small>· espace sécurisé</small></p></div>
</header>
<main>
${body}
</main>
</body>
</html>`;
}

export function errorPage(title: string, message: string, backUrl?: string): string {
  return page(
    title,
    `<div class="card"><h1>${e(title)}</h1><p>${e(message)}</p>${backUrl ? `<p><a href="${e(backUrl)}">Retour au site</a></p>` : ""}</div>`,
  );
}
