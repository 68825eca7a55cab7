import { useId, useState } from "react";
import { useActionData, useFetcher, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { Field } from "~/components/Field";
import { ProductOptions } from "./ProductOptions";
import { CART_ACTION, CartIntent } from "~/models/cart-intents";
import type { CartAnswer, CartFailureNotified } from "~/models/cart-forms";
import { formAnswerOf } from "~/models/form-answer";
import { quantityFromUrl, type Availability, type OptionView } from "~/models/catalog";
import { FormKey } from "~/components/FormKey";

/**
 * `intent=add` carrying the options it shows: the server resolves the variant from them. With scripts a fetcher
 * posts it to the one cart action (`/cart`), so the page stays put and the header count, which follows fetchers
 * posting there, moves at once. Without scripts it is a plain form posted to the product's own address (which hands
 * it to the same action), answered by a 303 back to `returnTo` with a notification: the options chosen and the add go in one submit
 * ("Choisir" only shows the price and stock of a choice first).
 */
export function AddToCartForm({
  returnTo,
  productId,
  options,
  availability,
}: {
  returnTo: string;
  productId: string;
  options: OptionView[];
  availability: Availability;
}) {
  const fetcher = useFetcher<CartAnswer | CartFailureNotified>({ key: `add-to-cart-${productId}` });
  const actionData = useActionData<CartAnswer>();
  const location = useLocation();
  const hydrated = useHydrated();
  const result: CartAnswer | undefined = formAnswerOf(fetcher.data) ?? actionData;
  const initialQuantity = result?.values.quantity ?? quantityFromUrl(location.search) ?? "1";
  // An answer's errors belong to the choice that was sent: a new choice hides them until the next add.
  const [answered, setAnswered] = useState<CartAnswer | undefined>(undefined);
  const shown = result && result !== answered ? result : undefined;
  const reasonId = useId();
  const busy = fetcher.state !== "idle";
  // An option not chosen yet blocks nothing: choosing and adding is one submit, and the server's "Choisissez : …"
  // answers a submit without a choice. A sold-out choice is known before any submit: the button says why it waits.
  const blocked = availability.ok || availability.reason === "incomplete" ? undefined : availability.message;
  return (
    <fetcher.Form
      method="post"
      action={hydrated ? CART_ACTION : returnTo}
      className="add-to-cart"
      preventScrollReset
      // A new add hides the last answer's errors: a success (a redirect) leaves the fetcher's old data in place.
      onSubmit={() => setAnswered(result)}
    >
      <FormKey />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <ProductOptions
        options={options}
        action={location.pathname}
        values={result?.values}
        errors={shown?.fieldErrors}
        onChoice={() => setAnswered(result)}
      />
      <Field
        label="Quantité"
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={99}
        step={1}
        required
        defaultValue={initialQuantity}
        error={shown?.fieldErrors.quantity}
        className="quantity-input"
      />
      {shown?.formError ? (
        <p className="form-error" role="alert">
          {shown.formError}
        </p>
      ) : null}
      <div className="add-to-cart-actions">
        <button
          type="submit"
          name="intent"
          value={CartIntent.add}
          disabled={blocked !== undefined}
          aria-disabled={busy || undefined}
          aria-describedby={blocked === undefined ? undefined : reasonId}
          // A second click while the first add is in flight would add twice.
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          Ajouter au panier
        </button>
        {options.length > 0 && !hydrated ? (
          <button type="submit" name="intent" value="choose" formNoValidate className="button-ghost">
            Choisir
          </button>
        ) : null}
      </div>
      {blocked === undefined ? null : (
        <p className="add-to-cart-reason" id={reasonId}>
          {blocked}
        </p>
      )}
    </fetcher.Form>
  );
}
