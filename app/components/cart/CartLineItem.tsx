import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Field } from "~/components/Field";
import { CART_ACTION, CartIntent } from "~/models/cart-intents";
import { availabilityProblem } from "~/models/availability";
import type { CartAnswer, CartFailureNotified } from "~/models/cart-forms";
import { formAnswerOf } from "~/models/form-answer";
import { lineFetcherKey, type OptimisticLine } from "./optimistic";
import { FormKey } from "~/components/FormKey";
import { ResponsiveImg } from "~/components/ResponsiveImg";

/**
 * One cart line with its quantity and remove forms. Both are plain POST forms
 * without JS; with JS they share the line's fetcher, so the page can show the
 * change at once and fall back to the server's cart if it fails.
 */
export function CartLineItem({
  line,
  blocked,
  actionData,
}: {
  line: OptimisticLine;
  blocked: boolean;
  /** The no-JS action answer, when it is about this line (`values.lineId` tells the line). */
  actionData?: CartAnswer;
}) {
  const fetcher = useFetcher<CartAnswer | CartFailureNotified>({ key: lineFetcherKey(line.id) });
  const answer: CartAnswer | undefined = formAnswerOf(fetcher.data) ?? actionData;
  const error = fetcher.state === "idle" ? answer?.fieldErrors.quantity : undefined;
  const [typed, setTyped] = useState(answer?.values.quantity ?? String(line.quantity));
  const problem = availabilityProblem(line.availability, blocked);
  const problemId = `problem-${line.id}`;
  return (
    <li className="cart-line" hidden={line.removing} aria-busy={line.pending || undefined} data-pending={line.pending || undefined}>
      <div className="cart-line-image">
        {line.image ? <ResponsiveImg image={line.image} alt="" loading="lazy" /> : <div className="cart-line-noimage" aria-hidden="true" />}
      </div>
      <div className="cart-line-info">
        <h2 className="cart-line-name">{line.url ? <Link to={line.url}>{line.name}</Link> : line.name}</h2>
        {line.options.length > 0 ? (
          <ul className="cart-line-options">
            {line.options.map((option) => (
              <li key={option.name}>
                {option.name} : {option.color ? <span className="swatch" style={{ background: option.color }} aria-hidden="true" /> : null}
                {option.value}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="cart-line-unit">
          Prix unitaire : {line.unitPrice.formatted}
          {line.fullPrice.amount !== line.unitPrice.amount ? (
            <>
              {" "}
              <s aria-label={`au lieu de ${line.fullPrice.formatted}`}>{line.fullPrice.formatted}</s>
            </>
          ) : null}
        </p>
        {problem ? (
          <p className="cart-line-problem" id={problemId} role="note">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="cart-line-actions">
        <fetcher.Form method="post" action={CART_ACTION} preventScrollReset className="cart-qty-form" noValidate>
          <FormKey />
          <input type="hidden" name="intent" value={CartIntent.update} />
          <input type="hidden" name="lineId" value={line.id} />
          <Field
            label="Quantité"
            name="quantity"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            size={3}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={error}
            {...(problem && !error ? { "aria-describedby": problemId } : {})}
          />
          <button type="submit" className="button-ghost">
            Mettre à jour
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" action={CART_ACTION} preventScrollReset className="cart-remove-form">
          <FormKey />
          <input type="hidden" name="intent" value={CartIntent.remove} />
          <input type="hidden" name="lineId" value={line.id} />
          <button type="submit" className="button-link">
            Retirer
          </button>
        </fetcher.Form>
      </div>
      <p className="cart-line-total">
        <span className="visually-hidden">Total de la ligne : </span>
        {line.linePrice.formatted}
      </p>
    </li>
  );
}
