/**
 * `value` and its successive percent-decodings, until one changes nothing, cannot be decoded, or `rounds` are done:
 * what double encoding hides ("%252F" → "%2F" → "/") gets checked as well as what shows. Shared by the redirect-target
 * check (app/.server/http/redirect-target.server.ts) and the rate limiter's path buckets (server/rate-limits.ts).
 */
export function percentDecodings(value: string, rounds: number): string[] {
  const forms = [value];
  let current = value;
  for (let i = 0; i < rounds; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}
