import { createContext, useContext } from "react";

/**
 * The site-wide stylesheet (app/styles/site.css), inlined in the document head: the first paint waits for no stylesheet
 * request (docs/decisions/0020-inline-site-css.md). Only the server has the text (entry.server.tsx provides it
 * from an `?inline` import, so no client chunk carries it); the browser reads back what the server sent, so
 * hydration renders the same element and client navigations keep the rules (every page matches the root).
 */
const SiteCssContext = createContext<string | null>(null);
export const SiteCssProvider = SiteCssContext.Provider;

const ELEMENT_ID = "site-css";

let fromDocument: string | undefined;
function sentCss(): string {
  fromDocument ??= typeof document === "undefined" ? "" : (document.getElementById(ELEMENT_ID)?.textContent ?? "");
  return fromDocument;
}

export function SiteStyles() {
  const css = useContext(SiteCssContext) ?? sentCss();
  return <style id={ELEMENT_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
