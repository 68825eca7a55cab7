import type { SiteInfo } from "./meta";
import type { PersonFacts } from "./structured-data";
import { portfolio } from "~/content/portfolio";
import { cv } from "~/content/cv";

/** The owner as schema.org sees them: name from configuration, the rest from the content files. */
export function personFacts(site: SiteInfo, pagePath = "/"): PersonFacts {
  return {
    name: site.ownerName,
    jobTitle: portfolio.jobTitle,
    description: site.description,
    url: new URL(pagePath, site.origin).href,
    image: site.portraitUrl,
    skills: portfolio.skills,
    sameAs: cv.links.map((l) => l.url),
  };
}
