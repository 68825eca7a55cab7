import { notFound } from "~/lib/http";
import type { Route } from "./+types/legal";
import { routeMeta } from "~/lib/meta";
import { legalPageAt } from "~/.server/site/legal.server";

// One module for the three legal pages (routes.ts maps /mentions-legales, /cgv and /confidentialite here).

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  routeMeta({ matches, location }, { title: loaderData?.title, description: loaderData?.description });

export const handle = {
  breadcrumb: (match: { pathname: string; data?: { title?: string } }) => ({ label: match.data?.title ?? "", to: match.pathname }),
};

export function loader({ request }: Route.LoaderArgs) {
  const page = legalPageAt(new URL(request.url).pathname);
  if (!page) notFound();
  return page;
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="narrow legal-page">
      <h1>{loaderData.title}</h1>
      {loaderData.sections.map((section, i) => (
        <section key={section.title} aria-labelledby={`legal-${i}`}>
          <h2 id={`legal-${i}`}>{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
