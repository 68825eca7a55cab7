import { Link } from "react-router";
import { period, type Cv } from "~/content/cv";

/** The CV's sections below the heading, from app/content/cv.ts (the PDF renders the same content). */
export function CvSections({ cv }: { cv: Cv }) {
  return (
    <>
      <section aria-labelledby="cv-experience">
        <h2 id="cv-experience">Expérience</h2>
        <ol className="timeline">
          {cv.experience.map((e) => (
            <li key={`${e.start}-${e.organisation}`} className="timeline-item">
              <p className="timeline-period">{period(e)}</p>
              <h3>{e.role}</h3>
              <p className="timeline-org">
                {e.organisation} · {e.place}
              </p>
              <p>{e.summary}</p>
              <ul>
                {e.highlights.map((h) => (
                  <li key={h}>{h}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="cv-projects">
        <h2 id="cv-projects">Réalisations choisies</h2>
        <ul className="cards">
          {cv.projects.map((p) => (
            <li key={p.slug} className="card">
              <h3>
                <Link to={`/realisations/${p.slug}`}>{p.title}</Link>
              </h3>
              <p className="muted">
                {p.client} · {p.year}
              </p>
              <p>{p.summary}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="cv-columns">
        <section aria-labelledby="cv-certifications">
          <h2 id="cv-certifications">Certifications</h2>
          <ul>
            {cv.certifications.map((c) => (
              <li key={c.name}>
                {c.name} — {c.issuer}, {c.year}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="cv-languages">
          <h2 id="cv-languages">Langues</h2>
          <ul>
            {cv.languages.map((l) => (
              <li key={l.name}>
                {l.name} : {l.level}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="cv-testimonials">
        <h2 id="cv-testimonials">Ils m'ont fait confiance</h2>
        <ul className="testimonials">
          {cv.testimonials.map((t) => (
            <li key={t.author}>
              <figure>
                <blockquote>
                  <p>« {t.quote} »</p>
                </blockquote>
                <figcaption>
                  {t.author}, {t.role}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
