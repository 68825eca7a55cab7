import { notFound } from "~/lib/http";

// Thrown (not returned) so the root ErrorBoundary renders the 404 screen with status 404.
export function loader() {
  notFound();
}

export function action() {
  notFound();
}

export default function NotFound() {
  return null;
}
