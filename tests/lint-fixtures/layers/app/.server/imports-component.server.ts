// Probe: an app/.server module imports a component (shared types belong in app/models).
import type { CartActionData } from "~/components/cart/CartLineItem";

export type Probe = CartActionData;
