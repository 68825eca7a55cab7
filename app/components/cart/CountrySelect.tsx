import { FieldFrame } from "~/components/Field";
import { COUNTRIES, DEFAULT_COUNTRY } from "~/models/countries";

/** A labelled country select with its error below it, like `Field` for inputs. */
export function CountrySelect({
  label,
  name,
  defaultValue,
  error,
  autoComplete,
}: {
  label: string;
  name: string;
  defaultValue?: string;
  error?: string;
  autoComplete?: string;
}) {
  const known = COUNTRIES.some((c) => c.code === defaultValue);
  return (
    <FieldFrame label={label} error={error}>
      {(control) => (
        <select name={name} defaultValue={known ? defaultValue : DEFAULT_COUNTRY} autoComplete={autoComplete} {...control}>
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
