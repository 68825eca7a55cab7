import { Form } from "react-router";
import { FormKey } from "~/components/FormKey";

/**
 * One action on one row of a back-office table (pause a coupon, block a member…): a small form posting `intent` with
 * the row's hidden fields; its button names the row for screen readers (`label subject`).
 */
export function RowAction({
  intent,
  label,
  subject,
  fields,
}: {
  intent: string;
  label: string;
  subject: string;
  fields: Record<string, string>;
}) {
  return (
    <Form method="post">
      <FormKey />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className="button small" aria-label={`${label} ${subject}`}>
        {label}
      </button>
    </Form>
  );
}
