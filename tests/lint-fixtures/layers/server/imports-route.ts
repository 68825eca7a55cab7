// Probe: server/ imports a route module instead of the build.
import { loader } from "../app/routes/cart";

export const probe = loader;
