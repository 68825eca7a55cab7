import { data } from "react-router";

// Placeholder while the page is being built: answers 404 like any unknown URL.
export function loader() {
  throw data(null, { status: 404 });
}

export default function Placeholder() {
  return null;
}
