import type { ReactNode } from "react";

/** One term and its detail; a fact whose detail is missing (null, undefined, false, "") is left out. */
type Fact = readonly [term: string, detail: ReactNode];

/** A description list of facts (an order's statuses, a contact request's answers), each term over its detail. */
export function Facts({ className, facts }: { className: string; facts: readonly Fact[] }) {
  return (
    <dl className={className}>
      {facts.map(([term, detail]) =>
        detail === null || detail === undefined || detail === false || detail === "" ? null : (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{detail}</dd>
          </div>
        ),
      )}
    </dl>
  );
}
