/** Text helpers of the social cards (app/.server/site/social-card.server.ts), pure. */

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/**
 * Words into at most `maxLines` lines of about `perLine` characters (the card's fonts are not measured: DejaVu
 * Sans at the card's sizes fits this many); the last line kept ends with "…" when text is left over.
 */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.trim().split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (next.length <= perLine || !current) current = next;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines.map((l) => (l.length > perLine ? `${l.slice(0, perLine - 1)}…` : l));
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${last.length > perLine - 1 ? last.slice(0, perLine - 1) : last}…`;
  return kept;
}

/** Where the social card of a page is served (app/routes/og.$kind.$file.ts). */
export function socialCardPath(kind: "produit" | "page" | "realisation", name: string): string {
  return `/og/${kind}/${encodeURIComponent(name)}.png`;
}
