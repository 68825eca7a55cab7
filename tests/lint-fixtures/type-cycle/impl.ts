// Lint fixture: the other half of the type-only circle (see reader.ts).
import type { Reader } from "./reader";

export type Impl = Reader & { version: number };
