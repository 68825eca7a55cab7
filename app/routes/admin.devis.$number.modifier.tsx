import type { Route } from "./+types/admin.devis.$number.modifier";
import { ownerOf } from "~/.server/admin/owner.server";
import { routeMeta } from "~/lib/meta";
import { editorValues } from "~/models/quote-forms";
import { QuoteEditorForm } from "~/components/quotes/QuoteEditor";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  routeMeta({ matches, location }, { title: "Modifier le devis — Administration" });

export const handle = { breadcrumb: () => ({ label: "Modifier", to: "." }) };

export async function loader({ context, params }: Route.LoaderArgs) {
  const quotes = ownerOf(context).quotes;
  const q = await quotes.read(params.number);
  return { number: q.number, version: q.version, draft: q.status === "DRAFT", values: editorValues(q), services: await quotes.services() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return ownerOf(context).quotes.save(request, params.number);
}

export default function EditQuote({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="admin-quote-editor">
      <h1>
        {loaderData.draft
          ? `Modifier le devis ${loaderData.number}`
          : `Nouvelle version du devis ${loaderData.number} (v${loaderData.version + 1})`}
      </h1>
      {loaderData.draft ? null : <p>La version envoyée sera remplacée : son lien ne permettra plus de l'accepter.</p>}
      <QuoteEditorForm
        actionData={actionData}
        values={loaderData.values}
        services={loaderData.services}
        submitLabel={loaderData.draft ? "Enregistrer et envoyer" : "Enregistrer et envoyer la nouvelle version"}
      />
    </div>
  );
}
