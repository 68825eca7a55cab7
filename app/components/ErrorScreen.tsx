import { Link } from "react-router";

export function ErrorScreen({ title, message, detail }: { title: string; message: string; detail?: string }) {
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      <p className="error-message">{message}</p>
      {detail ? <pre className="error-detail">{detail}</pre> : null}
      <Link to="/" className="button">
        Retour à la page d'accueil
      </Link>
    </section>
  );
}
