// Probe: a route module imports the Wix SDK (routes reach commerce through the handlers on the request context).
import { createClient } from "@wix/sdk";

export const probe = createClient;
