// Probe: app/lib imports a hook (lib stays free of React state).
import { useFormAnswer } from "~/hooks/use-form-answer";

export const probe = useFormAnswer;
