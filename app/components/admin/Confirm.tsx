import { Form, Link } from "react-router";
import type { ConfirmRequest } from "~/models/admin";
import { FormKey } from "~/components/FormKey";

/**
 * The confirmation step of a destructive action, without JavaScript too: the first POST answers this panel,
 * whose "Confirmer" button sends the same fields again with `confirmed=1`.
 */
export function ConfirmPanel({ confirm, cancelTo }: { confirm: ConfirmRequest; cancelTo: string }) {
  return (
    <section className="admin-confirm" role="alertdialog" aria-labelledby="confirm-question">
      <p id="confirm-question">{confirm.question}</p>
      <Form method="post">
        <FormKey />
        {Object.entries(confirm.fields).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((v, i) => <input key={`${name}-${i}`} type="hidden" name={name} value={v} />),
        )}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit" className="button danger">
          Confirmer
        </button>{" "}
        <Link to={cancelTo}>Annuler</Link>
      </Form>
    </section>
  );
}
