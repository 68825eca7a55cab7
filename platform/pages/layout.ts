// Shared HTML shell of the hosted pages: server-rendered, French, no JavaScript needed.
import { escapeHtml } from "../http";

export const e = escapeHtml;

export const PLATFORM_CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c2733; background: #f6f5f1; line-height: 1.5; }
header.platform-header { padding: 1rem 1.5rem; border-bottom: 1px solid #e3e0d8; background: #fff; }
header.platform-header p { margin: 0; font-weight: 600; letter-spacing: .02em; }
header.platform-header small { color: #5b6673; font-weight: 400; }
main { max-width: 44rem; margin: 2rem auto; padding: 0 1rem; }
.card { background: #fff; border-radius: 8px; padding: 1.5rem; box-shadow: 0 1px 3px rgba(28,39,51,.08); margin-bottom: 1.25rem; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
h2 { font-size: 1.15rem; margin: 0 0 .75rem; }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
input[type=text], input[type=email], input[type=password] { width: 100%; padding: .6rem .7rem; border: 1px solid #c9c5bb; border-radius: 8px; font: inherit; color: inherit; background: #fff; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #2455a4; outline-offset: 2px; }
.hint { color: #5b6673; font-size: .9rem; margin: .25rem 0 0; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.25rem; align-items: center; }
button { font: inherit; cursor: pointer; border-radius: 8px; padding: .65rem 1.2rem; border: 1px solid #2455a4; }
button.primary { background: #2455a4; color: #fff; font-weight: 600; }
button.secondary { background: #fff; color: #2455a4; }
button.link { background: none; border: none; color: #2455a4; text-decoration: underline; padding: .65rem .25rem; }
a { color: #2455a4; }
.error { background: #fdecea; color: #8a1c12; border: 1px solid #f3b8b0; border-radius: 8px; padding: .75rem 1rem; margin-bottom: 1rem; }
.notice { background: #e8f0fb; color: #143a73; border: 1px solid #b9cdee; border-radius: 8px; padding: .75rem 1rem; margin-bottom: 1rem; }
.field-error { color: #8a1c12; font-size: .9rem; margin: .25rem 0 0; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .45rem .25rem; border-bottom: 1px solid #eeebe4; vertical-align: top; }
td.num, th.num { text-align: right; white-space: nowrap; }
tfoot th, tfoot td { border-bottom: none; }
tr.total th, tr.total td { font-weight: 700; font-size: 1.05rem; }
.muted { color: #5b6673; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
@media (max-width: 560px) { .row { grid-template-columns: 1fr; } }
.demo-banner { background: #fff7e0; border-bottom: 1px solid #f0dfa8; padding: .4rem 1.5rem; font-size: .85rem; color: #6b5310; }
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${e(title)}</title>
<link rel="stylesheet" href="/_platform/assets/platform.css">
</head>
<body>
<div class="demo-banner" role="note">Plateforme de démonstration intégrée : aucun paiement réel n'est effectué.</div>
<header class="platform-header"><p>Boutique <small>· espace sécurisé</small></p></header>
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
