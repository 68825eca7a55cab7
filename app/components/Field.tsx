import { useId, type InputHTMLAttributes } from "react";

/** A labelled input with its error right below it, tied together for screen readers. */
export function Field({
  label,
  name,
  error,
  defaultValue,
  ...input
}: { label: string; name: string; error?: string; defaultValue?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
