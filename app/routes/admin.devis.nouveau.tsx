import type { Route } from "./+types/admin.devis.nouveau";
import { ownerOf } from "~/.server/admin/owner.server";
import { routeMeta } from "~/lib/meta";
import { QuoteEditorForm } from "~/components/quotes/QuoteEditor";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Nouveau devis — Administration" });

export const handle = { breadcrumb: () => ({ label: "Nouveau devis", to: "/admin/devis/nouveau" }) };

export async function loader({ context, url }: Route.LoaderArgs) {
  const quotes = ownerOf(context).quotes;
  const [values, services] = await Promise.all([
    quotes.newValues(url.searchParams.get("demande")?.slice(0, 64) ?? null),
    quotes.services(),
  ]);
  return { values, services };
}

export async function action({ request, context }: Route.ActionArgs) {
  return ownerOf(context).quotes.save(request);
}

export default function NewQuote({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="admin-quote-editor">
      <h1>Nouveau devis</h1>
      <QuoteEditorForm
        actionData={actionData}
        values={loaderData.values}
        services={loaderData.services}
        submitLabel="Enregistrer et envoyer"
      />
    </div>
  );
}
