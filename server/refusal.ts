import type { Request, Response } from "express";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A request refused before any route runs (too large, cross-site, too many):
 * a short French page for browsers, plain text for other clients, no stack
 * trace and no log line beyond the request log's own.
 */
export function sendRefusal(req: Request, res: Response, status: number, title: string, message: string): void {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  if (req.accepts(["html", "text"]) === "html") {
    res
      .type("html")
      .send(
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escape(title)}</title></head>` +
          `<body><h1>${escape(title)}</h1><p>${escape(message)}</p><p><a href="/">Retour à la page d'accueil</a></p></body></html>`,
      );
  } else {
    res.type("text").send(message);
  }
}
