import type { InputHTMLAttributes } from "react";

/** The back-office's filter forms (plain GET forms): one labelled control per filter, "Tous" for no filter. */

export function FilterSelect({
  name,
  label,
  options,
  value,
}: {
  name: string;
  label: string;
  options: Record<string, string>;
  value?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} defaultValue={value ?? ""}>
        <option value="">Tous</option>
        {Object.entries(options).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterInput({
  name,
  label,
  value,
  id,
  ...input
}: { name: string; label: string; value?: string } & InputHTMLAttributes<HTMLInputElement>) {
  // Two forms of a page may hold the same field name (the filter's dates and the export's): `id` tells them apart.
  const inputId = id ?? `f-${name}`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} name={name} defaultValue={value ?? ""} {...input} />
    </div>
  );
}
