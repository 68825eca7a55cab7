// Probe: app/lib imports a component.
import { Field } from "~/components/Field";

export const probe = Field;
