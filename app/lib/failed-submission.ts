import { isRouteErrorResponse } from "react-router";

/** What a failed submission tells the buyer in a notification: the French reason and the request's reference. */
export interface FailureNotice {
  title: string;
  description?: string;
}

const FALLBACK = "L'action n'a pas abouti. Réessayez dans un instant.";

/**
 * The notice for an error an action threw (the platform down or slow, a system error, the network): the server's
 * French message for an outage (503) or a timeout (504), a plain French sentence otherwise (the error screen's
 * "System error occurred" is the specification's wording for that screen, not for a notification).
 */
export function failureNotice(error: unknown): FailureNotice {
  if (!isRouteErrorResponse(error)) return { title: FALLBACK };
  const data = (error.data ?? {}) as { message?: unknown; requestId?: unknown };
  const title = (error.status === 503 || error.status === 504) && typeof data.message === "string" ? data.message : FALLBACK;
  return typeof data.requestId === "string" && data.requestId
    ? { title, description: `Référence de la demande : ${data.requestId}` }
    : { title };
}
