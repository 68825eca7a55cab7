import { Form, useActionData } from "react-router";
import type { Route } from "./+types/admin.paiement";
import { ownerOf } from "~/.server/admin/owner.server";
import { Field } from "~/components/Field";
import { FormKey } from "~/components/FormKey";
import { Section } from "~/components/Section";
import { routeMeta } from "~/lib/meta";
import { fieldProps, type FormAnswer } from "~/models/form-answer";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Paiement — Administration" });

export const handle = { breadcrumb: () => ({ label: "Paiement", to: "/admin/paiement" }) };

export async function loader({ context }: Route.LoaderArgs) {
  return ownerOf(context).settings.view();
}

/** The ceiling's form: the owner handler reads it (app/.server/admin/shop-settings.server.ts). */
export async function action({ request, context, url }: Route.ActionArgs) {
  return ownerOf(context).settings.act(request, url.pathname);
}

export default function AdminPayment({ loaderData }: Route.ComponentProps) {
  const { ceiling, ceilingText, onWix } = loaderData;
  const answer = useActionData<typeof action>() as FormAnswer<"ceiling"> | undefined;
  return (
    <div className="admin-payment">
      <h1>Paiement</h1>
      <Section id="pay-on-delivery" title="Paiement à la livraison">
        <p>
          Proposé seulement pour une commande d'articles livrés (ni formation, ni service, ni fichier à télécharger) dont le total ne
          dépasse pas le plafond. {ceilingText ? `Plafond actuel : ${ceilingText}.` : "Actuellement non proposé."}
        </p>
        {onWix ? (
          <p className="admin-muted-text">
            Sur Wix, la page de paiement propose les paiements manuels réglés dans le tableau de bord (Accepter des paiements) : ce plafond
            y est enregistré mais Wix ne l'applique pas.
          </p>
        ) : null}
        <Form method="post" className="admin-settings-form" noValidate>
          <FormKey />
          <input type="hidden" name="intent" value="pay-on-delivery" />
          <Field label="Plafond (€ TTC, 0 pour ne pas le proposer)" inputMode="decimal" {...fieldProps(answer, "ceiling", ceiling)} />
          <button type="submit" className="button">
            Enregistrer le plafond
          </button>
        </Form>
      </Section>
    </div>
  );
}
