import { Form } from "react-router";
import { Field, fieldBinder } from "~/components/Field";
import { CountrySelect } from "~/components/cart/CountrySelect";
import { DEFAULT_COUNTRY } from "~/models/countries";
import { Section } from "~/components/Section";
import { FormKey } from "~/components/FormKey";

type Address = { addressLine?: string; postalCode?: string; city?: string; country?: string };

/** The member's postal address on /account: saved to the profile, prefilled at the next checkout. */
export function AddressForm({
  address,
  values,
  errors,
  busy,
}: {
  address?: Address;
  /** What was typed, when the server refused it. */
  values?: Record<string, string>;
  errors?: Record<string, string>;
  busy: boolean;
}) {
  const value = (name: keyof Address) => values?.[name] ?? address?.[name] ?? "";
  const bind = fieldBinder(values, errors, (name) => address?.[name as keyof Address] ?? "");
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
          defaultValue={value("country") || DEFAULT_COUNTRY}
          error={errors?.country}
          autoComplete="country"
        />
        <button type="submit" disabled={busy}>
          Enregistrer l'adresse
        </button>
      </Form>
    </Section>
  );
}
