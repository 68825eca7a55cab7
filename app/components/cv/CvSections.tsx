import { Link } from "react-router";
import { period, type Cv } from "~/content/cv";
import { Section, TextList } from "~/components/Section";

/** The CV's sections below the heading, from app/content/cv.ts (the PDF renders the same content). */
export function CvSections({ cv }: { cv: Cv }) {
  return (
    <>
      <Section id="cv-experience" title="Expérience">
        <ol className="timeline">
          {cv.experience.map((e) => (
            <li key={`${e.start}-${e.organisation}`} className="timeline-item">
              <p className="timeline-period">{period(e)}</p>
              <h3>{e.role}</h3>
              <p className="timeline-org">
                {e.organisation} · {e.place}
              </p>
              <p>{e.summary}</p>
              <TextList items={e.highlights} />
            </li>
          ))}
        </ol>
      </Section>

      <Section id="cv-projects" title="Réalisations choisies">
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
      </Section>

      <div className="cv-columns">
        <Section id="cv-certifications" title="Certifications">
          <ul>
            {cv.certifications.map((c) => (
              <li key={c.name}>
                {c.name} — {c.issuer}, {c.year}
              </li>
            ))}
          </ul>
        </Section>
        <Section id="cv-languages" title="Langues">
          <ul>
            {cv.languages.map((l) => (
              <li key={l.name}>
                {l.name} : {l.level}
              </li>
            ))}
          </ul>
        </Section>
      </div>

      <Section id="cv-testimonials" title="Ils m'ont fait confiance">
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
      </Section>
    </>
  );
}
