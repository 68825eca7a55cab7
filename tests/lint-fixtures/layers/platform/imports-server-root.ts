// Probe: the platform imports server/.
import { sameOriginWrites } from "../server/origin-check";

export const probe = sameOriginWrites;
