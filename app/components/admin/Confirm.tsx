import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { ConfirmRequest } from "~/models/admin";
import { FormKey } from "~/components/FormKey";

/**
 * The confirmation step of an action that moves money or deletes, without JavaScript too: the first POST answers
 * this panel (what exactly will happen: amounts, lines, counts), whose button sends the same fields again with
 * `confirmed=1`. Server-rendered as an open <dialog> in the page (a confirmation page without JavaScript); with
 * JavaScript it becomes a modal dialog (focus inside, Escape goes back to the page). An action on every member also
 * asks for a typed word.
 */
export function ConfirmPanel({ confirm, cancelTo }: { confirm: ConfirmRequest; cancelTo: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  // React Router shows this answer while it still reloads the page's data: a confirmation sent then would abort that
  // reload (an unhandled AbortError in the page), and a second click during the first would send the action twice: the
  // button waits until the page is idle.
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function" || dialog.matches(":modal")) return;
    dialog.close();
    dialog.showModal();
  }, [confirm]);
  return (
    <dialog ref={ref} open className="admin-confirm" role="alertdialog" aria-labelledby="confirm-question" aria-modal="true">
      <p id="confirm-question">{confirm.question}</p>
      {confirm.details?.length ? (
        <ul className="admin-confirm-details">
          {confirm.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : null}
      <Form method="post">
        <FormKey />
        {Object.entries(confirm.fields).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((v, i) => <input key={`${name}-${i}`} type="hidden" name={name} value={v} />),
        )}
        <input type="hidden" name="confirmed" value="1" />
        {confirm.typed ? (
          <div className="field">
            <label htmlFor="confirm-typed">Pour confirmer, tapez « {confirm.typed} »</label>
            <input
              id="confirm-typed"
              name="typed"
              autoComplete="off"
              required
              aria-invalid={confirm.typedError ? true : undefined}
              aria-describedby={confirm.typedError ? "confirm-typed-error" : undefined}
            />
            {confirm.typedError ? (
              <p id="confirm-typed-error" className="field-error">
                {confirm.typedError}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="admin-confirm-buttons">
          <button type="submit" className="button danger" disabled={busy}>
            {confirm.button ?? "Confirmer"}
          </button>
          <Link to={cancelTo} className="button button-ghost">
            Ne rien faire
          </Link>
        </div>
      </Form>
    </dialog>
  );
}
