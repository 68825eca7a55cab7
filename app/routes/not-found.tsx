import { data } from "react-router";

// Thrown (not returned) so the root ErrorBoundary renders the 404 screen with status 404.
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function action() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
