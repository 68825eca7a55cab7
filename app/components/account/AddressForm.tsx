import { Form } from "react-router";
import { Field } from "~/components/Field";
import { CountrySelect } from "~/components/CountrySelect";
import type { PostalAddress } from "~/models/address";
import { DEFAULT_COUNTRY } from "~/models/countries";
import { fieldProps, type FormAnswer } from "~/models/form-answer";
import { Section } from "~/components/Section";
import { FormKey } from "~/components/FormKey";

/** The member's postal address on /account: saved to the profile, prefilled at the next checkout. */
export function AddressForm({
  address,
  answer,
  busy,
}: {
  address?: Partial<PostalAddress>;
  /** The refused form (what was typed, the errors). */
  answer?: FormAnswer<keyof PostalAddress>;
  busy: boolean;
}) {
  const bind = (name: keyof PostalAddress) => fieldProps(answer, name, address?.[name] ?? "");
  return (
    <Section id="address-title" title="Adresse postale" className="card">
      <p className="muted">Elle remplit d'avance votre prochaine commande.</p>
      <Form method="post" noValidate>
        <FormKey />
        <input type="hidden" name="intent" value="address" />
        <Field label="Adresse" {...bind("addressLine")} autoComplete="street-address" required />
        <div className="field-row">
          <Field label="Code postal" {...bind("postalCode")} autoComplete="postal-code" required />
          <Field label="Ville" {...bind("city")} autoComplete="address-level2" required />
        </div>
        <CountrySelect
          label="Pays"
          name="country"
          defaultValue={bind("country").defaultValue || DEFAULT_COUNTRY}
          error={answer?.fieldErrors.country}
          autoComplete="country"
        />
        <button type="submit" disabled={busy}>
          Enregistrer l'adresse
        </button>
      </Form>
    </Section>
  );
}
