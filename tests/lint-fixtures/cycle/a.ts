// Lint fixture: a → b → c → a, the smallest cycle of the shape the platform had (tests/unit/lint-imports.test.ts).
import { b } from "./b";

export const a = () => b() + 1;
export const start = 1;
