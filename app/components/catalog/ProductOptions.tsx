import { useId } from "react";
import { useSubmit } from "react-router";
import { optionFieldKey, type OptionFieldKey, type OptionView } from "~/models/catalog";
import { FieldError } from "~/components/Field";
import type { FieldErrors } from "~/models/form-answer";

/**
 * The option controls, inside the add-to-cart form: what the buyer sees chosen
 * is what the form sends, and the server resolves the variant from it. The
 * page's URL (`?Taille=M&Couleur=Noir`) says which choice the price and stock
 * shown belong to: with scripts each change updates it at once (replacing the
 * history entry, options only); without, "Choisir" (a submit button of the same
 * form, `intent=choose`, after "Ajouter au panier" so that Enter adds) is
 * answered by a redirect to it, quantity kept.
 */
// Uncontrolled on purpose, and never re-keyed: the DOM already shows the user's choice, and a
// remount after each change would drop keyboard focus (arrow keys in a select or radio group)
// and the typed quantity.
export function ProductOptions({
  options,
  action,
  values,
  errors,
  onChoice,
}: {
  options: OptionView[];
  action: string;
  /** What the buyer submitted (an answer with errors), by option name: shown instead of the URL's choice. */
  values?: Readonly<Record<string, string | undefined>>;
  errors?: FieldErrors<OptionFieldKey>;
  /** Called on each change (with scripts): earlier errors no longer apply. */
  onChoice?: () => void;
}) {
  const submit = useSubmit();
  if (options.length === 0) return null;
  return (
    <div
      className="product-options"
      onChange={(event) => {
        const form = (event.target as HTMLElement).closest("form");
        if (!form) return;
        const params = new URLSearchParams();
        const formData = new FormData(form);
        for (const option of options) {
          const value = formData.get(option.name);
          if (typeof value === "string" && value) params.set(option.name, value);
        }
        onChoice?.();
        submit(params, { method: "get", action, replace: true, preventScrollReset: true });
      }}
    >
      {options.map((option) => {
        const selected = values?.[option.name] ?? option.selected;
        const error = errors?.[optionFieldKey(option.name)];
        return option.type === "color" ? (
          <ColorOption key={option.name} option={option} selected={selected} error={error} />
        ) : (
          <SelectOption key={option.name} option={option} selected={selected} error={error} />
        );
      })}
    </div>
  );
}

function SelectOption({ option, selected, error }: { option: OptionView; selected?: string; error?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{option.name}</label>
      <select
        id={id}
        name={option.name}
        defaultValue={selected ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="" disabled>
          Choisir…
        </option>
        {option.choices.map((choice) => (
          <option key={choice.description} value={choice.description}>
            {choice.description}
            {choice.inStock ? "" : " (épuisé)"}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function ColorOption({ option, selected, error }: { option: OptionView; selected?: string; error?: string }) {
  const id = useId();
  return (
    <fieldset className="swatches" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>
        {option.name}
        {option.selected ? <span className="swatches-selected"> : {option.selected}</span> : null}
      </legend>
      <div className="swatch-list">
        {option.choices.map((choice) => (
          <label key={choice.description} className="swatch" data-out-of-stock={choice.inStock ? undefined : ""}>
            <input type="radio" name={option.name} value={choice.description} defaultChecked={choice.description === selected} />
            <span className="swatch-color" style={{ background: choice.color ?? "transparent" }} aria-hidden="true" />
            <span className="swatch-name">
              {choice.description}
              {choice.inStock ? null : <span className="visually-hidden"> (épuisé)</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
