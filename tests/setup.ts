import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(async () => {
  if (typeof document !== "undefined") (await import("@testing-library/react")).cleanup();
});
