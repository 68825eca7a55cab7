// Probe: an app/.server module calls the embedded platform directly, skipping the SDK.
import { createPlatform } from "../../platform";

export const probe = createPlatform;
