// Probe: the platform imports the app.
import { getConfig } from "../app/.server/config.server";

export const probe = getConfig;
