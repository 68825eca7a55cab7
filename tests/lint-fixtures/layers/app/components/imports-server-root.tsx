// Probe: a component imports server/, the composition root.
import { settings } from "../../server/app";

export const probe = settings;
