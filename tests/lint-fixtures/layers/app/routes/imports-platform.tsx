// Probe: a route module imports the embedded platform instead of going through app/.server and the SDK.
import { createPlatform } from "../../platform";

export const probe = createPlatform;
