import { Link } from "react-router";

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
