import { useId, type InputHTMLAttributes, type ReactNode } from "react";

/** What a form control needs to be tied to its label and error for screen readers. */
export interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A label, any control, and the control's error right below it. */
export function FieldFrame({ label, error, children }: { label: string; error?: string; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined })}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its error right below it. */
export function Field({
  label,
  name,
  error,
  defaultValue,
  ...input
}: { label: string; name: string; error?: string; defaultValue?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} error={error}>
      {(control) => <input name={name} defaultValue={defaultValue} {...control} {...input} />}
    </FieldFrame>
  );
}

/** A required consent checkbox: its label is the sentence it agrees to, its error right below it (kept when checked). */
export function ConsentBox({
  name,
  error,
  defaultChecked,
  children,
}: {
  name: string;
  error?: string;
  defaultChecked?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field consent">
      <label className="checkbox" htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          name={name}
          value="on"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>{children}</span>
      </label>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
