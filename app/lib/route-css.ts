import type { LinkDescriptor } from "react-router";
import cart from "~/styles/cart.css?url";
import catalog from "~/styles/catalog.css?url";
import cv from "~/styles/cv.css?url";

/**
 * The storefront's route stylesheets that the server inlines in the head of the page that needs them, so the first
 * paint waits for no stylesheet request (docs/decisions/0045-route-css-inline.md): the catalog, the CV, and the cart
 * with the checkout and the order pages. The back-office keeps its linked stylesheet.
 */
export const ROUTE_CSS = { cart, catalog, cv } as const;
export type RouteCssName = keyof typeof ROUTE_CSS;

export const routeCssElementId = (name: RouteCssName) => `route-css-${name}`;

/**
 * The route's `links`: nothing where the page carries the stylesheet inline (the server's render and the hydration
 * of its HTML), the stylesheet link when a client navigation first reaches the route, so React Router loads it
 * before showing the page and removes it when the route leaves (the route stylesheets share class names).
 */
export function routeCssLinks(name: RouteCssName): () => LinkDescriptor[] {
  return () =>
    typeof document === "undefined" || document.getElementById(routeCssElementId(name))
      ? []
      : [{ rel: "stylesheet", href: ROUTE_CSS[name] }];
}

/** The stylesheet a route's `handle` names (`handle.css`), read by the root's RouteStyles. */
export function routeCssOf(handle: unknown): RouteCssName | undefined {
  const css = (handle as { css?: unknown } | undefined)?.css;
  return typeof css === "string" && Object.hasOwn(ROUTE_CSS, css) ? (css as RouteCssName) : undefined;
}
