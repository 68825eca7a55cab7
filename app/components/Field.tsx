import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

/** What a form control needs to be tied to its label and error for screen readers. */
interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A fresh control id, and the aria attributes pointing at its error when there is one. */
function useControl(error?: string): { control: ControlProps; errorId: string } {
  const id = useId();
  const errorId = `${id}-error`;
  return { control: { id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined }, errorId };
}

/** A field's error, said right below it (nothing when there is none); `id` ties it to its control's aria-describedby. */
export function FieldError({ id, error }: { id?: string; error?: string }) {
  if (!error) return null;
  return (
    <p className="field-error" id={id}>
      {error}
    </p>
  );
}

/** A label, any control, and the control's error right below it. */
export function FieldFrame({ label, error, children }: { label: string; error?: string; children: (control: ControlProps) => ReactNode }) {
  const { control, errorId } = useControl(error);
  return (
    <div className="field">
      <label htmlFor={control.id}>{label}</label>
      {children(control)}
      <FieldError id={errorId} error={error} />
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

/** A labelled select with its error right below it; `placeholder` is a first, disabled choice ("Choisissez…"). */
export function SelectField({
  label,
  name,
  error,
  options,
  placeholder,
  ...select
}: {
  label: string;
  name: string;
  error?: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame label={label} error={error}>
      {(control) => (
        <select name={name} {...control} {...select}>
          {placeholder ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
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
  const { control, errorId } = useControl(error);
  return (
    <div className="field consent">
      <label className="checkbox" htmlFor={control.id}>
        <input type="checkbox" name={name} value="on" defaultChecked={defaultChecked} {...control} />
        <span>{children}</span>
      </label>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
