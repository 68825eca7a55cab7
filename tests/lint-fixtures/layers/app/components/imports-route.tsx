// Probe: a component imports a route module (its loader, action and server imports come along).
import { loader } from "~/routes/cart";

export const probe = loader;
