import { useId } from "react";
import { COUNTRIES, DEFAULT_COUNTRY } from "./forms";

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
  const id = useId();
  const errorId = `${id}-error`;
  const known = COUNTRIES.some((c) => c.code === defaultValue);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={known ? defaultValue : DEFAULT_COUNTRY}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {COUNTRIES.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
