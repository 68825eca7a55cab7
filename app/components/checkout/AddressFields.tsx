import { Field } from "~/components/Field";
import { CountrySelect } from "~/components/CountrySelect";
import type { CheckoutErrors, CheckoutValues } from "~/models/checkout-forms";
import { DEFAULT_COUNTRY } from "~/models/countries";

type AddressKey = "addressLine" | "postalCode" | "city" | "country";

/** Field names, labels and autofill tokens of the main address and of the separate billing address. */
const KINDS = {
  main: {
    names: { addressLine: "addressLine", postalCode: "postalCode", city: "city", country: "country" },
    labels: { addressLine: "Adresse", postalCode: "Code postal", city: "Ville", country: "Pays" },
    autofill: "",
  },
  billing: {
    names: { addressLine: "billingAddressLine", postalCode: "billingPostalCode", city: "billingCity", country: "billingCountry" },
    labels: {
      addressLine: "Adresse de facturation",
      postalCode: "Code postal de facturation",
      city: "Ville de facturation",
      country: "Pays de facturation",
    },
    autofill: "billing ",
  },
} as const satisfies Record<
  string,
  { names: Record<AddressKey, keyof CheckoutValues>; labels: Record<AddressKey, string>; autofill: string }
>;

/**
 * The four fields of a postal address: the form's main address (delivery, or
 * billing alone) or, with `billing`, its separate billing address.
 */
export function AddressFields({
  values,
  errors,
  billing = false,
  required = false,
}: {
  values: CheckoutValues;
  errors: CheckoutErrors;
  billing?: boolean;
  required?: boolean;
}) {
  const kind = KINDS[billing ? "billing" : "main"];
  const props = (key: AddressKey, token: string) => ({
    label: kind.labels[key],
    name: kind.names[key],
    autoComplete: `${kind.autofill}${token}`,
    defaultValue: values[kind.names[key]],
    error: errors[kind.names[key]],
  });
  return (
    <>
      <Field {...props("addressLine", "address-line1")} required={required} />
      <div className="field-row">
        <Field {...props("postalCode", "postal-code")} required={required} />
        <Field {...props("city", "address-level2")} required={required} />
      </div>
      <CountrySelect {...props("country", "country")} defaultValue={values[kind.names.country] ?? DEFAULT_COUNTRY} />
    </>
  );
}
