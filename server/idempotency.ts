import { createHash } from "node:crypto";
import type { Request as ExpressRequest } from "express";
import { sharedKeys, type SharedKeys } from "../app/.server/http/shared-state.server";
import { FORM_KEY_FIELD, FORM_KEY_PATTERN } from "../app/lib/form-key";
import { SESSION_COOKIE } from "../app/.server/account/cookies.server";

/**
 * Double submits (a second click on "Ajouter au panier" without JavaScript, a resend after a slow answer): every
 * form that changes something carries the page render's key (app/components/FormKey.tsx). A POST whose form holds a
 * key is a submission identified by the key, its path and its whole body; the first one runs, and the same
 * submission again gets the first one's answer (status, Location, cookies) without running: it lands on the same
 * page. A second submission that arrives while the first still runs waits for its answer.
 *
 * Only redirects and single-fetch answers are kept (10 minutes): a refused form changed nothing and may be sent again. The
 * keys live in Redis when REDIS_URL is set, so a double click split between two replicas is still one submission.
 * If the store cannot answer, the submission runs as if it had no key: a rare duplicate beats a failed form.
 *
 * A kept answer is only its sender's: it carries a session cookie, so it is replayed only to a request whose session
 * cookie is the one the first request sent or the one its answer set (a double click, a resend after the first answer
 * came back). Anyone else sending the same form (a copied or cached key) gets their own answer, never this one.
 */

const ANSWER_TTL_MS = 10 * 60_000;
/** Longer than any action (the platform calls time out after COMMERCE_TIMEOUT_MS, 10 s by default). */
const RUNNING_TTL_MS = 2 * 60_000;
const WAIT_MS = 30_000;
const POLL_MS = 50;
/** A redirect or a small page; a bigger answer is not kept (the next identical POST runs). */
const MAX_KEPT_BODY_BYTES = 512 * 1024;
const RUNNING = "running";

interface KeptAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** The session cookies (raw) the answer may be replayed to: the one sent with the first request, the one it set. */
  sessions: string[];
}

/** The raw value of the session cookie in a Cookie header ("" when absent): compared as sent, never opened here. */
export function sessionOf(cookieHeader: string | undefined): string {
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return "";
}

/** The session cookie an answer sets, if it sets one ("" for a cleared one). */
function sessionSetBy(setCookies: string[]): string | undefined {
  const set = setCookies.findLast((c) => c.trimStart().startsWith(`${SESSION_COOKIE}=`));
  return set === undefined
    ? undefined
    : set
        .slice(set.indexOf("=") + 1)
        .split(";")[0]!
        .trim();
}

/** The submission's identity, or null for a request that is not a keyed form POST. */
export function submissionId(req: ExpressRequest, body: Buffer | undefined): string | null {
  if (req.method !== "POST" || !body?.length) return null;
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  if (!type.startsWith("application/x-www-form-urlencoded")) return null;
  const key = new URLSearchParams(body.toString("latin1")).get(FORM_KEY_FIELD);
  if (!key || !FORM_KEY_PATTERN.test(key)) return null;
  return createHash("sha256").update(req.path).update("\0").update(body).digest("base64url");
}

function rebuild(answer: KeptAnswer): Response {
  const headers = new Headers();
  for (const [name, value] of answer.headers) headers.append(name, value);
  const body = Buffer.from(answer.body, "base64");
  const nullBody = answer.status === 204 || answer.status === 304 || (answer.status >= 300 && answer.status < 400 && body.length === 0);
  return new Response(nullBody ? null : body, { status: answer.status, headers });
}

/** The answer, read whole so it can be kept and sent (a page under MAX_KEPT_BODY_BYTES, or a redirect). */
async function readAnswer(response: Response, session: string): Promise<KeptAnswer> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers.push([name, value]);
  });
  const setCookies = response.headers.getSetCookie();
  for (const cookie of setCookies) headers.push(["set-cookie", cookie]);
  const set = sessionSetBy(setCookies);
  return { status: response.status, headers, body: body.toString("base64"), sessions: set === undefined ? [session] : [session, set] };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function idempotentSubmissions(store: SharedKeys = sharedKeys("form")) {
  /** Runs `run` once per submission id; the same submission again gets the kept answer. */
  return async function once(
    id: string,
    run: () => Promise<Response>,
    { dataRequest = false, session = "" }: { dataRequest?: boolean; session?: string } = {},
  ): Promise<Response> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      let claimed: boolean;
      let kept: string | null = null;
      try {
        claimed = await store.claim(id, RUNNING, RUNNING_TTL_MS);
        if (!claimed) kept = await store.get(id);
      } catch (error) {
        console.warn(`[idempotency] store unavailable, submission runs unchecked: ${(error as Error).message}`);
        return run();
      }
      if (claimed) return runAndKeep(id, run, dataRequest, session);
      if (kept && kept !== RUNNING) {
        const answer = JSON.parse(kept) as KeptAnswer;
        // Someone else's answer (another session sent the same form): theirs runs on its own, and nothing is kept.
        return answer.sessions.includes(session) ? rebuild(answer) : run();
      }
      // The first submission is still running (or its key just expired and `kept` is null: claim again).
      if (Date.now() > deadline) return run();
      await sleep(POLL_MS);
    }
  };

  async function runAndKeep(id: string, run: () => Promise<Response>, dataRequest: boolean, session: string): Promise<Response> {
    const release = () => store.delete(id).catch(() => undefined);
    let response: Response;
    try {
      response = await run();
    } catch (error) {
      await release();
      throw error;
    }
    // Kept: a redirect (every successful form answers one, PRG), or a script's single-fetch answer (`.data`). Not kept:
    // a refusal (it changed nothing: the same form may be sent again), a big answer, and a document page (its
    // scripts carry this request's CSP nonce, which a replay would not match).
    const length = Number(response.headers.get("content-length") ?? "0");
    const keepable = (response.status >= 300 && response.status < 400) || (dataRequest && response.status < 400);
    if (!keepable || length > MAX_KEPT_BODY_BYTES) {
      await release();
      return response;
    }
    const answer = await readAnswer(response, session);
    try {
      if (Buffer.byteLength(answer.body, "base64") <= MAX_KEPT_BODY_BYTES) await store.set(id, JSON.stringify(answer), ANSWER_TTL_MS);
      else await store.delete(id);
    } catch (error) {
      console.warn(`[idempotency] answer not kept: ${(error as Error).message}`);
    }
    return rebuild(answer);
  }
}
