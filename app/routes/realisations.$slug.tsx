import { Link } from "react-router";
import type { Route } from "./+types/realisations.$slug";
import { routeCssLinks } from "~/lib/route-css";
import { projectBySlug, type CvProject } from "~/content/cv";
import { routeMeta } from "~/lib/meta";
import { notFound } from "~/lib/http";
import { Section, TextList } from "~/components/Section";
import { socialCardPath } from "~/lib/social-card";

export const links: Route.LinksFunction = routeCssLinks("cv");

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  routeMeta(
    { matches, location },
    {
      title: loaderData ? `${loaderData.title} — Réalisation` : "Réalisation introuvable",
      ...(loaderData ? { description: loaderData.summary, image: socialCardPath("realisation", loaderData.slug) } : {}),
    },
  );

export const handle = {
  css: "cv",
  breadcrumb: (match: { pathname: string; data?: CvProject }) =>
    match.data
      ? [
          { label: "Réalisations", to: "/realisations" },
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
      <Section id="project-context" title="Contexte">
        <p>{p.context}</p>
      </Section>
      <Section id="project-work" title="Ce que j'ai fait">
        <TextList items={p.work} />
      </Section>
      <Section id="project-results" title="Résultats">
        <TextList items={p.results} />
      </Section>
      <Section id="project-stack" title="Technologies">
        <TextList items={p.stack} className="tags" />
      </Section>
      <p>
        <Link to="/contact?sujet=conseil" className="button">
          Un projet similaire ? Demander un devis
        </Link>
      </p>
    </article>
  );
}
