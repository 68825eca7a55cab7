import { Link } from "react-router";
import { portfolio } from "~/content/portfolio";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { JsonLd } from "~/components/JsonLd";
import { personLd, professionalServiceLd } from "~/lib/structured-data";
import { personFacts } from "~/lib/person";
import { ListSection, Section, TextList } from "~/components/Section";

export default function Home() {
  const site = useRouteLoaderData<typeof rootLoader>("root")?.site;
  const ownerName = site?.ownerName ?? "";
  // The same Person as on /cv (photo and profile links from app/content/cv.ts).
  const person = site ? personFacts(site, "/") : null;
  return (
    <div className="home">
      {person ? <JsonLd data={personLd(person)} /> : null}
      {person ? <JsonLd data={professionalServiceLd({ ...person, services: portfolio.services, areaServed: "France" })} /> : null}
      <section className="hero" aria-labelledby="home-title">
        <p className="eyebrow">{portfolio.jobTitle}</p>
        <h1 id="home-title">{ownerName}</h1>
        <p className="lead">{portfolio.headline}</p>
        {portfolio.intro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {/* The consultant's path to a quote first, then the proof (CV, projects), then the store. */}
        <p className="hero-actions">
          <Link to="/contact" className="button">
            Me contacter / Demander un devis
          </Link>
          <Link to="/cv" className="button button-ghost">
            Voir mon CV
          </Link>
          <Link to="/realisations" className="button button-ghost">
            Voir mes réalisations
          </Link>
          <Link to="/products" className="button button-ghost">
            {portfolio.store.cta}
          </Link>
        </p>
      </section>

      <ListSection
        id="services-title"
        title="Ce que je propose"
        items={portfolio.services}
        keyOf={(s) => s.title}
        cards
        heading={(s) => s.title}
      >
        {(service) => <p>{service.text}</p>}
      </ListSection>

      <Section id="skills-title" title="Compétences">
        <TextList items={portfolio.skills} className="tags" />
      </Section>

      <Section id="store-title" title={portfolio.store.title} className="store-teaser">
        <p>{portfolio.store.text}</p>
        <Link to="/products" className="button">
          {portfolio.store.cta}
        </Link>
      </Section>
    </div>
  );
}
