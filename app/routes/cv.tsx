import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/cv";
import { routeCssLinks } from "~/lib/route-css";
import { cv } from "~/content/cv";
import { CvSections } from "~/components/cv/CvSections";
import { JsonLd } from "~/components/JsonLd";
import { routeMeta } from "~/lib/meta";
import { personFacts } from "~/lib/person";
import { personLd } from "~/lib/structured-data";
import { formatPhone } from "~/models/phone";
import { socialCardPath } from "~/lib/social-card";
import type { loader as rootLoader } from "~/root";
import { ResponsiveImg } from "~/components/ResponsiveImg";

export const links: Route.LinksFunction = routeCssLinks("cv");

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta(
    { matches, location },
    {
      title: "CV",
      description: `CV : ${cv.summary}`,
      // The CV's card (its title and the owner's name) says more in a feed than a face alone.
      image: socialCardPath("page", "cv"),
    },
  );

export const handle = {
  css: "cv",
  breadcrumb: () => ({ label: "CV", to: "/cv" }),
};

export default function CvPage() {
  const site = useRouteLoaderData<typeof rootLoader>("root")?.site;
  return (
    <article className="cv">
      {site ? <JsonLd data={personLd(personFacts(site, "/cv"))} /> : null}
      <header className="cv-header">
        {site ? <ResponsiveImg className="cv-photo" image={site.portrait} alt={cv.photo.alt} fetchPriority="high" /> : null}
        <div>
          <h1>{site?.ownerName}</h1>
          <p className="lead">{cv.jobTitle}</p>
          <p>{cv.location}</p>
          <p>
            Téléphone : <a href={`tel:${cv.phone}`}>{formatPhone(cv.phone)}</a>
          </p>
          <p>{cv.summary}</p>
          <ul className="cv-links">
            {cv.links.map((l) => (
              <li key={l.url}>
                <a href={l.url} rel="me noopener">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
          <p className="cv-actions">
            <a className="button" href="/cv.pdf" download>
              Télécharger le CV (PDF)
            </a>
            <Link className="button-ghost button" to="/contact">
              Me contacter
            </Link>
          </p>
        </div>
      </header>
      <CvSections cv={cv} />
    </article>
  );
}
