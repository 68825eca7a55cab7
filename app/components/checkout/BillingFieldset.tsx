import { AddressFields } from "./AddressFields";
import type { CheckoutErrors, CheckoutValues } from "~/models/checkout-forms";

/**
 * "Same billing address" and the separate billing address. Without scripts
 * the billing fields are always there; they are used only when the box is
 * unchecked (the server decides from the submitted box).
 */
export function BillingFieldset({
  values,
  errors,
  hydrated,
  sameBilling,
  onSameBillingChange,
}: {
  values: CheckoutValues;
  errors: CheckoutErrors;
  hydrated: boolean;
  sameBilling: boolean;
  onSameBillingChange: (same: boolean) => void;
}) {
  return (
    <fieldset>
      <legend>Facturation</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          name="sameBilling"
          value="on"
          checked={sameBilling}
          onChange={(event) => onSameBillingChange(event.currentTarget.checked)}
        />
        <span>Adresse de facturation identique</span>
      </label>
      {!hydrated || !sameBilling ? (
        <div className="billing-fields">
          {!hydrated ? <p className="hint">Remplissez ces champs seulement si vous avez décoché la case ci-dessus.</p> : null}
          <AddressFields values={values} errors={errors} billing />
        </div>
      ) : null}
    </fieldset>
  );
}
