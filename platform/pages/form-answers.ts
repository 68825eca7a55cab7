// Post/Redirect/Get for the hosted card forms: a refused POST keeps what its next view shows (errors, values kept)
// in memory under a random id, and answers a 303 to the page with that id in the URL. The page is then a GET: Back
// and reload never ask to resubmit, and no card data is ever in a URL or on disk. Bounded: a few minutes, a capped
// count (the oldest is dropped first), each record capped by the form's own field sizes (card-form.ts).
import { randomToken } from "../core/context";
import type { CardAnswer } from "./card-form";

/** Long enough to read the answer after a slow redirect, short enough that a kept card number does not linger. */
const TTL_MS = 10 * 60_000;
const MAX_RECORDS = 2000;

interface Kept {
  /** The page the answer belongs to (its session or request): an id read on another page shows nothing. */
  target: string;
  answer: CardAnswer;
  expires: number;
}

const kept = new Map<string, Kept>();

function dropExpired(now: number): void {
  for (const [id, record] of kept) {
    if (record.expires > now) break; // insertion order is expiry order: the rest are younger
    kept.delete(id);
  }
}

/** Keeps `answer` for the next view of `target`; the id to put in the redirect's URL. */
export function keepAnswer(target: string, answer: CardAnswer): string {
  const now = Date.now();
  dropExpired(now);
  while (kept.size >= MAX_RECORDS) kept.delete(kept.keys().next().value!);
  const id = randomToken(18);
  kept.set(id, { target, answer, expires: now + TTL_MS });
  return id;
}

/** The answer kept under `id` for `target`, removed as it is read (a reload then shows the page afresh). */
export function takeAnswer(id: string | null, target: string): CardAnswer {
  if (!id || id.length > 64) return {};
  const record = kept.get(id);
  if (!record || record.target !== target) return {};
  kept.delete(id);
  return record.expires > Date.now() ? record.answer : {};
}

/** How many answers are kept (for the tests of the bounds). */
export function keptAnswers(): number {
  return kept.size;
}

export const KEPT_ANSWERS_MAX = MAX_RECORDS;
