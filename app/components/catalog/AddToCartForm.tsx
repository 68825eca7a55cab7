import { useId, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { Field } from "~/components/Field";
import { CART_DELTA_FIELD } from "~/lib/cart-count";
import type { Availability } from "./model";

export interface AddToCartResult {
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: Record<string, string>;
}

/**
 * POST to the product's own route (`intent=add`). Without scripts it is a plain
 * form answered by a 303 back here with a notification; with scripts a fetcher
 * posts it, so the page stays put and the header count moves at once
 * (`cartDelta`), then settles on the server's count.
 */
export function AddToCartForm({
  action,
  productId,
  variantId,
  availability,
}: {
  action: string;
  productId: string;
  variantId?: string;
  availability: Availability;
}) {
  const fetcher = useFetcher<AddToCartResult>({ key: `add-to-cart-${productId}` });
  const actionData = useActionData<AddToCartResult>();
  const result = fetcher.data ?? actionData;
  const [quantity, setQuantity] = useState(result?.values?.quantity ?? "1");
  const reasonId = useId();
  const busy = fetcher.state !== "idle";
  const delta = /^\d+$/.test(quantity.trim()) && Number(quantity) >= 1 && Number(quantity) <= 99 ? Number(quantity) : 0;
  return (
    <fetcher.Form method="post" action={action} className="add-to-cart" preventScrollReset>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <input type="hidden" name={CART_DELTA_FIELD} value={delta} />
      <Field
        label="Quantité"
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={99}
        step={1}
        required
        defaultValue={result?.values?.quantity ?? "1"}
        onChange={(event) => setQuantity(event.currentTarget.value)}
        error={result?.fieldErrors?.quantity}
        className="quantity-input"
      />
      {result?.formError ? (
        <p className="form-error" role="alert">
          {result.formError}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={!availability.ok}
        aria-disabled={busy || undefined}
        aria-describedby={availability.ok ? undefined : reasonId}
        // A second click while the first add is in flight would add twice.
        onClick={(event) => {
          if (busy) event.preventDefault();
        }}
      >
        Ajouter au panier
      </button>
      {availability.ok ? null : (
        <p className="add-to-cart-reason" id={reasonId}>
          {availability.message}
        </p>
      )}
    </fetcher.Form>
  );
}
