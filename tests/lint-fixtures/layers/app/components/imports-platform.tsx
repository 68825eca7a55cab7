// Probe: a component imports the embedded platform directly.
import { createPlatform } from "../../platform";

export const probe = createPlatform;
