import { LEGAL_PAGES, type LegalFacts, type LegalPageKey, type LegalSection } from "~/content/legal";
import { getConfig } from "./config.server";
import { publicOrigin } from "./public-origin.server";

function legalFacts(): LegalFacts {
  const { legal, site } = getConfig();
  return { ...legal, ownerName: site.ownerName, siteUrl: new URL(publicOrigin()).host };
}

/** The legal page served at `pathname`, rendered with the configured identity, or null. */
export function legalPageAt(pathname: string): { title: string; description: string; sections: LegalSection[] } | null {
  // Client navigations ask for "<path>.data" (React Router's single fetch): the same page.
  const path = pathname.replace(/\.data$/, "").replace(/\/$/, "");
  const key = (Object.keys(LEGAL_PAGES) as LegalPageKey[]).find((k) => LEGAL_PAGES[k].path === path);
  if (!key) return null;
  const page = LEGAL_PAGES[key];
  return { title: page.title, description: page.description, sections: page.sections(legalFacts()) };
}
