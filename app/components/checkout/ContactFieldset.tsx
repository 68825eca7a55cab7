import { Field } from "~/components/Field";
import { BusinessBuyerFields } from "./BusinessBuyerFields";
import type { CheckoutErrors, CheckoutValues } from "~/models/checkout-forms";
import { PHONE_MAX_LENGTH } from "~/models/phone";

/** Who buys: e-mail, name, and a business buyer's optional invoice details. */
export function ContactFieldset({ values, errors }: { values: CheckoutValues; errors: CheckoutErrors }) {
  return (
    <fieldset>
      <legend>Coordonnées</legend>
      <Field label="E-mail" name="email" type="email" autoComplete="email" required defaultValue={values.email} error={errors.email} />
      <div className="field-row">
        <Field
          label="Prénom"
          name="firstName"
          autoComplete="given-name"
          required
          defaultValue={values.firstName}
          error={errors.firstName}
        />
        <Field label="Nom" name="lastName" autoComplete="family-name" required defaultValue={values.lastName} error={errors.lastName} />
      </div>
      <Field
        label="Téléphone (facultatif)"
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
        defaultValue={values.phone}
        error={errors.phone}
      />
      <BusinessBuyerFields values={values} errors={errors} />
    </fieldset>
  );
}
