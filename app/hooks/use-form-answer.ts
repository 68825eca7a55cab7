import { useNavigation } from "react-router";
import { fieldProps, formAnswerOf, type AnswerField, type FieldErrors, type FormValues } from "~/models/form-answer";

/**
 * A form page's view of its action's answer (`actionData`): whether a submission is under way, and the refused
 * form's errors and typed values, typed by the form's field names (the answer's type comes from the action, through
 * React Router's route types). `bind("email")` gives a field its name, typed value and error.
 */
export function useFormAnswer<A>(actionData: A) {
  const busy = useNavigation().state === "submitting";
  const answer = formAnswerOf(actionData);
  type Field = AnswerField<A>;
  return {
    busy,
    answer,
    errors: answer?.fieldErrors ?? ({} as FieldErrors<Field>),
    values: answer?.values ?? ({} as FormValues<Field>),
    formError: answer?.formError,
    bind: (name: Field, fallback?: string) => fieldProps(answer, name, fallback),
  };
}
