// Lint fixture: a circle made of type-only imports, the shape a dispatcher and its implementations had
// (tests/unit/lint-imports.test.ts). import-x/no-cycle does not see it; local/no-type-import-cycle does.
import type { Impl } from "./impl";

export interface Reader {
  read(): string;
}
export const readers: Impl[] = [];
