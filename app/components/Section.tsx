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
