// Probe: a component imports the Wix SDK.
import { createClient } from "@wix/sdk";

export const probe = createClient;
