import { Link } from "react-router";
import type { Route } from "./+types/realisations._index";
import cvStyles from "~/styles/cv.css?url";
import { cv } from "~/content/cv";
import { ProjectCards } from "~/components/cv/ProjectCards";
import { routeMeta } from "~/lib/meta";
import { socialCardPath } from "~/lib/social-card";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: cvStyles }];

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta(
    { matches, location },
    {
      title: "Réalisations",
      description: "Projets menés pour des clients : contexte, travail réalisé, résultats et technologies.",
      image: socialCardPath("page", "realisations"),
    },
  );

export const handle = { breadcrumb: () => ({ label: "Réalisations", to: "/realisations" }) };

/** Every project of the CV (app/content/cv.ts), each linking its own page: the consultant's portfolio. */
export default function Projects() {
  return (
    <div className="projects-page">
      <h1>Réalisations</h1>
      <p className="lead">Quelques projets menés pour des clients : le contexte, ce que j'ai fait et ce que cela a changé.</p>
      <ProjectCards projects={cv.projects} heading="h2" withStack />
      <p>
        <Link to="/contact?sujet=conseil" className="button">
          Un projet similaire ? Demander un devis
        </Link>
      </p>
    </div>
  );
}
