// The test switches of the embedded platform (off unless `faultControl`): a simulated outage (delay, 503s) and the
// site's API budget, set at run time over HTTP by tests that run the real server (tests/e2e/faults.spec.ts).
import { appError } from "./errors";
import { json, sameOriginOrNone } from "./http";
import { parseJsonObject, readBodyText } from "./request-body";
import { parseRequestsPerMinute, type RateLimitStatus } from "./rate-limit";

export interface Faults {
  /** Delay added to every API request (not hosted pages), in milliseconds. */
  delayMs: number;
  /** Probability (0..1) that an API request answers 503. */
  failRate: number;
  /** Every API request answers 503. */
  down: boolean;
  /**
   * How a failing request answers: null (default) = 503 with this platform's SERVICE_UNAVAILABLE application error;
   * 500 or 503 = the status with empty details, as Wix answers system errors, so the SDK's error carries the
   * numeric code (`details.applicationError.code === 500`).
   */
  systemError: 500 | 503 | null;
}

export function cleanFaults(input: Partial<Faults> | undefined): Faults {
  const delay = Number(input?.delayMs ?? 0);
  const rate = Number(input?.failRate ?? 0);
  return {
    delayMs: Number.isFinite(delay) ? Math.min(Math.max(Math.round(delay), 0), 60_000) : 0,
    failRate: Number.isFinite(rate) ? Math.min(Math.max(rate, 0), 1) : 0,
    down: input?.down === true,
    systemError: input?.systemError === 500 || input?.systemError === 503 ? input.systemError : null,
  };
}

/** The simulated outage: delay, then maybe a 503 in Wix's error shape. Null when the request goes on. */
export async function injectFault(faults: Faults): Promise<Response | null> {
  const { delayMs, failRate, down, systemError } = faults;
  if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  if (!down && !(failRate > 0 && Math.random() < failRate)) return null;
  // Wix's system errors: a bare status, empty details (the SDK then reports the status as the code).
  if (systemError) return json({ message: "", details: {} }, systemError, systemError === 503 ? { "retry-after": "1" } : {});
  return json(
    {
      message: "Service Unavailable",
      details: {
        applicationError: {
          code: "SERVICE_UNAVAILABLE",
          description: "La plateforme est momentanément indisponible (panne simulée)",
          data: {},
        },
      },
    },
    503,
    { "retry-after": "1" },
  );
}

export interface Switches {
  enabled: boolean;
  faults(): Faults;
  setFaults(next: Faults): void;
  rateLimit(): RateLimitStatus;
  setRateLimit(perMinute: number): RateLimitStatus;
}

/**
 * `/_platform/faults` (GET the faults, POST `{delayMs, failRate, down, systemError}` to replace them) and
 * `/_platform/rate-limit` (GET the budget, POST `{perMinute}` for a new one counted afresh); 404 unless enabled. A
 * POST from another site is refused. Null for any other path.
 */
export async function switchesAnswer(request: Request, path: string, switches: Switches): Promise<Response | null> {
  if (path !== "/_platform/faults" && path !== "/_platform/rate-limit") return null;
  if (!switches.enabled) return json({ message: "Not Found" }, 404);
  const faultsPath = path === "/_platform/faults";
  const method = request.method.toUpperCase();
  if (method === "GET") return json(faultsPath ? switches.faults() : switches.rateLimit());
  if (method !== "POST") return json({ message: "Method Not Allowed" }, 405);
  if (!sameOriginOrNone(request)) throw appError(403, "PERMISSION_DENIED", "Requête d'un autre site refusée", {}, "Permission denied");
  const body = parseJsonObject((await readBodyText(request, 10_000)) || "{}");
  if (faultsPath) {
    switches.setFaults(cleanFaults(body as Partial<Faults>));
    return json(switches.faults());
  }
  let perMinute: number | undefined;
  try {
    perMinute = parseRequestsPerMinute(body.perMinute, "perMinute");
  } catch (error) {
    throw appError(400, "INVALID_ARGUMENT", (error as Error).message);
  }
  if (!perMinute) throw appError(400, "INVALID_ARGUMENT", "perMinute is required");
  return json(switches.setRateLimit(perMinute));
}
