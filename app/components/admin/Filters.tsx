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
  ...input
}: { name: string; label: string; value?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <input id={`f-${name}`} name={name} defaultValue={value ?? ""} {...input} />
    </div>
  );
}
