import { Field } from "~/components/Field";
import type { CheckoutErrors, CheckoutValues } from "~/models/checkout-forms";

/** Optional invoice details for business buyers (company, intra-EU VAT number), in the checkout's contact fieldset. */
export function BusinessBuyerFields({ values, errors }: { values: CheckoutValues; errors: CheckoutErrors }) {
  return (
    <div className="field-row">
      <Field
        label="Société (facultatif)"
        name="company"
        autoComplete="organization"
        maxLength={120}
        defaultValue={values.company}
        error={errors.company}
      />
      <Field
        label="N° de TVA intracommunautaire (facultatif)"
        name="vatNumber"
        maxLength={40}
        placeholder="FR 12 345678901"
        defaultValue={values.vatNumber}
        error={errors.vatNumber}
      />
    </div>
  );
}
