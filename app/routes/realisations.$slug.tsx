import { Link } from "react-router";
import type { Route } from "./+types/realisations.$slug";
import cvStyles from "~/styles/cv.css?url";
import { projectBySlug, type CvProject } from "~/content/cv";
import { routeMeta } from "~/lib/meta";
import { notFound } from "~/lib/http";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: cvStyles }];

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  routeMeta(
    { matches, location },
    {
      title: loaderData ? `${loaderData.title} — Réalisation` : "Réalisation introuvable",
      ...(loaderData ? { description: loaderData.summary } : {}),
    },
  );

export const handle = {
  breadcrumb: (match: { pathname: string; data?: CvProject }) =>
    match.data
      ? [
          { label: "CV", to: "/cv" },
          { label: match.data.title, to: match.pathname },
        ]
      : null,
};

export function loader({ params }: Route.LoaderArgs) {
  const project = projectBySlug(params.slug);
  if (!project) notFound();
  return project;
}

export default function ProjectPage({ loaderData: p }: Route.ComponentProps) {
  return (
    <article className="narrow project">
      <p className="eyebrow">
        {p.client} · {p.year}
      </p>
      <h1>{p.title}</h1>
      <p className="lead">{p.summary}</p>
      <section aria-labelledby="project-context">
        <h2 id="project-context">Contexte</h2>
        <p>{p.context}</p>
      </section>
      <section aria-labelledby="project-work">
        <h2 id="project-work">Ce que j'ai fait</h2>
        <ul>
          {p.work.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="project-results">
        <h2 id="project-results">Résultats</h2>
        <ul>
          {p.results.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="project-stack">
        <h2 id="project-stack">Technologies</h2>
        <ul className="tags">
          {p.stack.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </section>
      <p>
        <Link to="/contact?sujet=conseil" className="button">
          Un projet similaire ? Demander un devis
        </Link>
      </p>
    </article>
  );
}
