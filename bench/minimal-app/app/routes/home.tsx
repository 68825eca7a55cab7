// One static route, no loader: the cheapest page React Router 7 can render. Its body is the app's `/` markup as
// React elements (app/floor.json, written by the bench before the build from the HTML the app served), so the floor
// renders the same HTML weight as the page it is compared with.
import { createElement, type ReactNode } from "react";
import floor from "../floor.json";

type Node = string | [string, Record<string, unknown>, ...Node[]];

function render(node: Node, key: number): ReactNode {
  if (typeof node === "string") return node;
  const [tag, props, ...children] = node;
  return createElement(tag, { ...props, key }, ...children.map(render));
}

export function meta() {
  return [{ title: "Accueil" }, { name: "description", content: "Page statique de référence." }];
}

export default function Home() {
  return <main>{(floor as Node[]).map(render)}</main>;
}
