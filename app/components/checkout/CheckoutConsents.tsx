import { Link } from "react-router";
import { ConsentBox } from "~/components/Field";
import type { CheckoutErrors, CheckoutValues } from "~/models/checkout-forms";

/** The CGV, and for digital content or services the express request with the waiver of withdrawal (French law). */
export function CheckoutConsents({ values, errors, digital }: { values: CheckoutValues; errors: CheckoutErrors; digital: boolean }) {
  return (
    <fieldset className="checkout-consents">
      <legend>Conditions</legend>
      <ConsentBox name="acceptTerms" error={errors.acceptTerms} defaultChecked={values.acceptTerms === "on"}>
        J'accepte les{" "}
        <Link to="/cgv" target="_blank" rel="noopener">
          conditions générales de vente
        </Link>{" "}
        (prix TTC).
      </ConsentBox>
      {digital ? (
        <ConsentBox name="waiveWithdrawal" error={errors.waiveWithdrawal} defaultChecked={values.waiveWithdrawal === "on"}>
          Je demande l'exécution immédiate des contenus numériques et prestations de ma commande et je renonce à mon droit de rétractation
          dès leur fourniture (article L221-28 du Code de la consommation).
        </ConsentBox>
      ) : null}
    </fieldset>
  );
}
