import { Link } from "react-router";
import type { CvProject } from "~/content/cv";

/**
 * The CV's projects as cards, each linking its own page: under a section's heading on the CV (an `<h3>` each), or as
 * the portfolio page's own list (/realisations: an `<h2>` each, with the technologies).
 */
export function ProjectCards({
  projects,
  heading: Heading = "h3",
  withStack = false,
}: {
  projects: readonly CvProject[];
  heading?: "h2" | "h3";
  withStack?: boolean;
}) {
  return (
    <ul className="cards">
      {projects.map((p) => (
        <li key={p.slug} className="card">
          <Heading>
            <Link to={`/realisations/${p.slug}`}>{p.title}</Link>
          </Heading>
          <p className="muted">
            {p.client} · {p.year}
          </p>
          <p>{p.summary}</p>
          {withStack ? (
            <ul className="tags" aria-label="Technologies">
              {p.stack.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
