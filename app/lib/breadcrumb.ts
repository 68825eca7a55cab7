import type { UIMatch } from "react-router";

export interface Crumb {
  label: string;
  to: string;
}

/** Routes add a crumb with `export const handle = { breadcrumb: (match) => ({ label, to }) }`. */
export interface BreadcrumbHandle {
  breadcrumb?: (match: UIMatch<unknown, unknown>) => Crumb | null;
}

export function crumbsFrom(matches: UIMatch<unknown, unknown>[]): Crumb[] {
  return matches.flatMap((match) => {
    const handle = match.handle as BreadcrumbHandle | undefined;
    const crumb = handle?.breadcrumb?.(match);
    return crumb ? [crumb] : [];
  });
}
