import { useNavigation } from "react-router";

/**
 * What a form page needs from its action's answer: whether a submission is under way, the field
 * errors and the values typed (kept so a refused form comes back filled, with JavaScript as without).
 */
export function useFormAnswer(answer?: { fieldErrors?: unknown; values?: unknown }) {
  const busy = useNavigation().state === "submitting";
  return {
    busy,
    errors: (answer?.fieldErrors ?? {}) as Record<string, string>,
    values: (answer?.values ?? {}) as Record<string, string>,
  };
}
