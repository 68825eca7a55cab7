// Probe: a component imports a Node built-in.
import { readFileSync } from "node:fs";

export const probe = readFileSync;
