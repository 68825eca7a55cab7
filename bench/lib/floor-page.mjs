// The floor page: the body markup of the app's `/` turned into a JSON tree of elements that the minimal app renders
// with React (bench/minimal-app/app/routes/home.tsx). Scripts, styles and inline handlers are left out: the floor
// app has its own scripts, and the point is the static HTML weight.
import { Parser } from "htmlparser2";

const RENAME = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  readonly: "readOnly",
  maxlength: "maxLength",
  autocomplete: "autoComplete",
  enctype: "encType",
  crossorigin: "crossOrigin",
  srcset: "srcSet",
  fetchpriority: "fetchPriority",
  "stroke-width": "strokeWidth",
  "stroke-linecap": "strokeLinecap",
  "stroke-linejoin": "strokeLinejoin",
  "fill-rule": "fillRule",
  "clip-rule": "clipRule",
  "xlink:href": "xlinkHref",
  "accept-charset": "acceptCharset",
  "http-equiv": "httpEquiv",
};
const BOOLEAN = new Set([
  "hidden",
  "disabled",
  "checked",
  "selected",
  "required",
  "multiple",
  "open",
  "novalidate",
  "autofocus",
  "async",
  "defer",
]);
const SKIP = new Set(["script", "style", "template", "noscript"]);

/** [tag, props, ...children] arrays and strings. */
export function floorTree(html) {
  // The head's meta and link elements count too (the floor's own head is React Router's two lines).
  const head = (/<head[^>]*>([\s\S]*)<\/head>/i.exec(html)?.[1] ?? "").replace(/<title>[\s\S]*?<\/title>/, "");
  const body = head + (/<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html);
  const root = ["div", {}];
  const stack = [root];
  let skipping = 0;
  let elements = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (skipping || SKIP.has(name)) {
          skipping++;
          return;
        }
        const props = {};
        for (const [k, v] of Object.entries(attrs)) {
          if (k.startsWith("on") || k === "style") continue;
          const key = k === "novalidate" ? "noValidate" : k === "autofocus" ? "autoFocus" : (RENAME[k] ?? k);
          props[key] = BOOLEAN.has(k) ? true : v;
        }
        const el = [name, props];
        stack.at(-1).push(el);
        stack.push(el);
        elements++;
      },
      ontext(text) {
        if (!skipping && text) stack.at(-1).push(text);
      },
      onclosetag(name) {
        if (skipping) {
          skipping--;
          return;
        }
        if (stack.length > 1 && stack.at(-1)[0] === name) stack.pop();
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
  );
  parser.write(body);
  parser.end();
  const bytes = Buffer.byteLength(body.replace(/<script[\s\S]*?<\/script>/g, ""));
  return { nodes: root.slice(2), elements, bytes };
}
