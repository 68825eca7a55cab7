// Probe: a component imports an app/.server module (SDK, cookies, secrets would reach the browser bundle).
import { commerceOf } from "~/.server/commerce.server";

export const probe = commerceOf;
