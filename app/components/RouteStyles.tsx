import { createContext, useContext } from "react";
import { useMatches } from "react-router";
import { routeCssElementId, routeCssOf, type RouteCssName } from "~/lib/route-css";

/**
 * The matched routes' stylesheets (`handle.css`), inlined in the head like the site stylesheet (SiteStyles): only the
 * server has their text (entry.server.tsx provides it from `?inline` imports, so no client chunk carries it); the
 * browser reads back what the server sent, so hydration renders the same elements. A route first reached by a client
 * navigation gets its stylesheet through its `links` instead (app/lib/route-css.ts).
 */
const RouteCssContext = createContext<Record<RouteCssName, string> | null>(null);
export const RouteCssProvider = RouteCssContext.Provider;

const sent = new Map<RouteCssName, string>();
function sentCss(name: RouteCssName): string | undefined {
  if (!sent.has(name) && typeof document !== "undefined") {
    const text = document.getElementById(routeCssElementId(name))?.textContent;
    if (text) sent.set(name, text);
  }
  return sent.get(name);
}

export function RouteStyles() {
  const fromServer = useContext(RouteCssContext);
  const names = new Set(useMatches().map((m) => routeCssOf(m.handle)));
  return [...names].map((name) => {
    const css = name && (fromServer ? fromServer[name] : sentCss(name));
    return name && css ? <style key={name} id={routeCssElementId(name)} dangerouslySetInnerHTML={{ __html: css }} /> : null;
  });
}
