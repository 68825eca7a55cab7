import { Link } from "react-router";
import { portfolio } from "~/content/portfolio";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { JsonLd } from "~/components/JsonLd";
import { personLd, professionalServiceLd } from "~/lib/structured-data";
import { personFacts } from "~/lib/person";

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
        <p>
          <Link to="/products" className="button">
            {portfolio.store.cta}
          </Link>
        </p>
      </section>

      <section aria-labelledby="services-title">
        <h2 id="services-title">Ce que je propose</h2>
        <ul className="cards">
          {portfolio.services.map((service) => (
            <li key={service.title} className="card">
              <h3>{service.title}</h3>
              <p>{service.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="skills-title">
        <h2 id="skills-title">Compétences</h2>
        <ul className="tags">
          {portfolio.skills.map((skill) => (
            <li key={skill}>{skill}</li>
          ))}
        </ul>
      </section>

      <section className="store-teaser" aria-labelledby="store-title">
        <h2 id="store-title">{portfolio.store.title}</h2>
        <p>{portfolio.store.text}</p>
        <Link to="/products" className="button">
          {portfolio.store.cta}
        </Link>
      </section>
    </div>
  );
}
