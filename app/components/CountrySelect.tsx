import { SelectField } from "~/components/Field";
import { COUNTRIES, DEFAULT_COUNTRY } from "~/models/countries";

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

/** The country select of the address forms: an unknown or missing country shows the default one. */
export function CountrySelect({
  defaultValue,
  ...field
}: {
  label: string;
  name: string;
  defaultValue?: string;
  error?: string;
  autoComplete?: string;
}) {
  const known = COUNTRIES.some((c) => c.code === defaultValue);
  return <SelectField {...field} options={COUNTRY_OPTIONS} defaultValue={known ? defaultValue : DEFAULT_COUNTRY} />;
}
