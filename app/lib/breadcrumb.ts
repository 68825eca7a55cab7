import type { UIMatch } from "react-router";

export interface Crumb {
  label: string;
  to: string;
}

/** The member's pages start their trail here (Mon compte › Mes commandes…). */
export const ACCOUNT_CRUMB: Crumb = { label: "Mon compte", to: "/account" };

/** The trail of a page under the member's account: Mon compte › `label`. */
export const underAccount = (label: string, to: string) => (): Crumb[] => [ACCOUNT_CRUMB, { label, to }];

/**
 * Routes add crumbs with `export const handle = { breadcrumb: (match) => ({ label, to }) }`;
 * a flat route deeper than its URL's parents returns several (e.g. Mon compte › Mes commandes).
 */
interface BreadcrumbHandle {
  breadcrumb?: (match: UIMatch<unknown, unknown>) => Crumb | Crumb[] | null;
}

export function crumbsFrom(matches: UIMatch<unknown, unknown>[]): Crumb[] {
  return matches.flatMap((match) => {
    const handle = match.handle as BreadcrumbHandle | undefined;
    const crumb = handle?.breadcrumb?.(match);
    return crumb ? (Array.isArray(crumb) ? crumb : [crumb]) : [];
  });
}
