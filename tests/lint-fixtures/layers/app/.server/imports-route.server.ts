// Probe: an app/.server module imports a route module.
import { action } from "~/routes/cart";

export const probe = action;
