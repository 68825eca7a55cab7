import { isRouteErrorResponse, Link, type ErrorResponse } from "react-router";

export function ErrorScreen({
  title,
  message,
  requestId,
  detail,
}: {
  title: string;
  message: string;
  requestId?: string;
  detail?: string;
}) {
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      <p className="error-message">{message}</p>
      {requestId ? <p className="error-request-id">Référence de la demande : {requestId}</p> : null}
      {detail ? <pre className="error-detail">{detail}</pre> : null}
      <Link to="/" className="button">
        Retour à la page d'accueil
      </Link>
    </section>
  );
}

type StatusHandler = (error: ErrorResponse) => React.ReactNode;

/**
 * The one error boundary (Epic Stack's shape): a thrown response whose status has a handler gets that screen (404:
 * "Page Introuvable"); any other error shows its message — the French text a `.server` module threw with it, e.g. an
 * outage (503) or a timeout (504) — and the request id to quote, never a stack trace outside development.
 */
export function GeneralErrorBoundary({
  error,
  requestId,
  statusHandlers = {},
}: {
  error: unknown;
  requestId?: string;
  statusHandlers?: Partial<Record<number, StatusHandler>>;
}) {
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return <>{handler(error)}</>;
  }
  const payload: unknown = isRouteErrorResponse(error) ? error.data : undefined;
  const described = payload && typeof payload === "object" ? (payload as { message?: unknown; requestId?: unknown }) : {};
  const message = isRouteErrorResponse(error)
    ? typeof payload === "string" && payload
      ? payload
      : typeof described.message === "string"
        ? described.message
        : error.statusText || `Erreur ${error.status}`
    : error instanceof Error
      ? error.message
      : "Unknown error";
  // The platform's request id when it failed, else this request's own (as in the server log).
  const shownId = typeof described.requestId === "string" ? described.requestId : requestId || undefined;
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorScreen title="Something Went Wrong" message={message} requestId={shownId} detail={detail} />;
}

/**
 * The boundary of a page opened by a signed link (an order's follow link, a quote's): a changed link (403) or an
 * expired one (410) shows the French title and message its loader threw; anything else, the general screen.
 */
export function SignedLinkErrorBoundary({ error }: { error: unknown }) {
  const screen = (refused: ErrorResponse) => {
    const d = refused.data as { title?: string; message?: string } | null;
    return <ErrorScreen title={d?.title ?? "Lien non valide"} message={d?.message ?? ""} />;
  };
  return <GeneralErrorBoundary error={error} statusHandlers={{ 403: screen, 410: screen }} />;
}
