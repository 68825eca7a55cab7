import { useId } from "react";
import { Form, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { OptionView } from "./model";

/**
 * The option choice as a GET form: the choice lives in the URL
 * (`?Taille=M&Couleur=Noir`), so it works without scripts ("Choisir"), can be
 * shared, and the server computes the variant, its price and its stock. With
 * scripts, each change updates the URL at once (replacing the history entry).
 */
// Uncontrolled on purpose, and never re-keyed: the DOM already shows the user's choice, and a
// remount after each change would drop keyboard focus (arrow keys in a select or radio group).
export function ProductOptions({ options, action }: { options: OptionView[]; action: string }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  if (options.length === 0) return null;
  return (
    <Form
      method="get"
      action={action}
      className="product-options"
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      {options.map((option) =>
        option.type === "color" ? <ColorOption key={option.name} option={option} /> : <SelectOption key={option.name} option={option} />,
      )}
      <button type="submit" className={hydrated ? "visually-hidden" : "button-ghost"} tabIndex={hydrated ? -1 : undefined}>
        Choisir
      </button>
    </Form>
  );
}

function SelectOption({ option }: { option: OptionView }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{option.name}</label>
      <select id={id} name={option.name} defaultValue={option.selected ?? ""}>
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
    </div>
  );
}

function ColorOption({ option }: { option: OptionView }) {
  return (
    <fieldset className="swatches">
      <legend>
        {option.name}
        {option.selected ? <span className="swatches-selected"> : {option.selected}</span> : null}
      </legend>
      <div className="swatch-list">
        {option.choices.map((choice) => (
          <label key={choice.description} className="swatch" data-out-of-stock={choice.inStock ? undefined : ""}>
            <input type="radio" name={option.name} value={choice.description} defaultChecked={choice.selected} />
            <span className="swatch-color" style={{ background: choice.color ?? "transparent" }} aria-hidden="true" />
            <span className="swatch-name">
              {choice.description}
              {choice.inStock ? null : <span className="visually-hidden"> (épuisé)</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
