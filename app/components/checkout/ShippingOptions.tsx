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
        <div key={option.code} className="shipping-option">
          <label className="radio">
            <input
              type="radio"
              name="shippingCode"
              value={option.code}
              checked={selected === option.code}
              onChange={() => onSelect(option.code)}
              aria-describedby={option.pickupPlace ? `pickup-${option.code}` : undefined}
            />
            <span>
              {option.title} — {Number(option.price.amount) > 0 ? option.price.formatted : "gratuit"}
              {option.deliveryTime ? <span className="muted"> ({option.deliveryTime})</span> : null}
            </span>
          </label>
          {/* Where and when to collect it, before choosing: with or without scripts. */}
          {option.pickupPlace ? (
            <p className="pickup-place muted" id={`pickup-${option.code}`}>
              {option.pickupPlace.address ? <>{option.pickupPlace.address}. </> : null}
              {option.pickupPlace.instructions ?? null}
            </p>
          ) : null}
        </div>
      ))}
      {error ? (
        <p className="field-error" id="shipping-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
