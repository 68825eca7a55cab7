import type { ShippingChoice } from "~/models/cart";

/** The shipping options as radios; the parent keeps the choice (the summary and the address follow it). */
export function ShippingOptions({
  options,
  selected,
  onSelect,
  error,
}: {
  options: ShippingChoice[];
  selected: string;
  onSelect: (code: string) => void;
  error?: string;
}) {
  return (
    <fieldset className="shipping-options" aria-describedby={error ? "shipping-error" : undefined}>
      <legend>Mode de livraison</legend>
      {options.map((option) => (
        <label key={option.code} className="radio">
          <input
            type="radio"
            name="shippingCode"
            value={option.code}
            checked={selected === option.code}
            onChange={() => onSelect(option.code)}
          />
          <span>
            {option.title} — {Number(option.price.amount) > 0 ? option.price.formatted : "gratuit"}
            {option.deliveryTime ? <span className="muted"> ({option.deliveryTime})</span> : null}
          </span>
        </label>
      ))}
      {error ? (
        <p className="field-error" id="shipping-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
