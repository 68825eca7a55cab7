import type { ReactNode } from "react";

/** A page section named by its own heading, so screen readers list it under that name. */
export function Section({ id, title, className, children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A list of short texts, each its own key (skills, technologies, results). */
export function TextList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * A section that is one list, an item per entry (the CV's experience, skills, languages…, the home page's
 * services): `keyOf` names each entry, `heading` gives it an `<h3>`, `children` draws the rest inside its `<li>`.
 * `cards` lays the entries out as cards.
 */
export function ListSection<T>({
  id,
  title,
  items,
  keyOf,
  heading,
  cards,
  ordered,
  listClassName = cards ? "cards" : undefined,
  itemClassName = cards ? "card" : undefined,
  children,
}: {
  id: string;
  title: ReactNode;
  items: readonly T[];
  keyOf: (item: T) => string;
  heading?: (item: T) => ReactNode;
  cards?: boolean;
  ordered?: boolean;
  listClassName?: string;
  itemClassName?: string;
  children: (item: T) => ReactNode;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <Section id={id} title={title}>
      <List className={listClassName}>
        {items.map((item) => (
          <li key={keyOf(item)} className={itemClassName}>
            {heading ? <h3>{heading(item)}</h3> : null}
            {children(item)}
          </li>
        ))}
      </List>
    </Section>
  );
}
