// Probe: a model imports app/lib (models are the bottom layer).
import { pageMeta } from "~/lib/meta";

export const probe = pageMeta;
