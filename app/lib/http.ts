import { data } from "react-router";

/** The 404 screen (root error boundary): thrown by a loader when what the URL names does not exist or is not the caller's. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}
