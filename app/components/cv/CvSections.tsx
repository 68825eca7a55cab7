import { period, type Cv } from "~/content/cv";
import { ListSection, Section, TextList } from "~/components/Section";
import { ProjectCards } from "~/components/cv/ProjectCards";

/** The CV's sections below the heading, from app/content/cv.ts (the PDF renders the same content). */
export function CvSections({ cv }: { cv: Cv }) {
  return (
    <>
      <ListSection
        id="cv-experience"
        title="Expérience"
        items={cv.experience}
        keyOf={(e) => `${e.start}-${e.organisation}`}
        ordered
        listClassName="timeline"
        itemClassName="timeline-item"
      >
        {(e) => (
          <>
            <p className="timeline-period">{period(e)}</p>
            <h3>{e.role}</h3>
            <p className="timeline-org">
              {e.organisation} · {e.place}
            </p>
            <p>{e.summary}</p>
            <TextList items={e.highlights} />
          </>
        )}
      </ListSection>

      <Section id="cv-projects" title="Réalisations choisies">
        <ProjectCards projects={cv.projects} />
      </Section>

      <ListSection id="cv-skills" title="Compétences" items={cv.skills} keyOf={(s) => s.area} listClassName="cv-skills">
        {(s) => (
          <>
            <h3>{s.area}</h3>
            <TextList items={s.items} className="tags" />
          </>
        )}
      </ListSection>

      <div className="cv-columns">
        <ListSection id="cv-education" title="Formation" items={cv.education} keyOf={(e) => e.degree}>
          {(e) => `${e.degree} — ${e.school}, ${e.year}`}
        </ListSection>
        <ListSection id="cv-certifications" title="Certifications" items={cv.certifications} keyOf={(c) => c.name}>
          {(c) => `${c.name} — ${c.issuer}, ${c.year}`}
        </ListSection>
        <ListSection id="cv-languages" title="Langues" items={cv.languages} keyOf={(l) => l.name}>
          {(l) => `${l.name} : ${l.level}`}
        </ListSection>
      </div>

      <ListSection
        id="cv-testimonials"
        title="Ils m'ont fait confiance"
        items={cv.testimonials}
        keyOf={(t) => t.author}
        listClassName="testimonials"
      >
        {(t) => (
          <figure>
            <blockquote>
              <p>« {t.quote} »</p>
            </blockquote>
            <figcaption>
              {t.author}, {t.role}
            </figcaption>
          </figure>
        )}
      </ListSection>
    </>
  );
}
