// The site's password rules, for a sign-up, a reset and a change: the bounds Wix's default policy holds here.
import { validationError } from "../core/http";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** French reason why a new password is refused, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Le mot de passe doit contenir au plus ${PASSWORD_MAX_LENGTH} caractères.`;
  return null;
}

/** Throws the field violation Wix answers for a password outside the rules, sent as `field` (sign-up, change). */
export function refuseWeakPassword(field: string, password: string): void {
  const weak = passwordProblem(password);
  if (!weak) return;
  throw validationError([
    {
      field,
      description: weak,
      violatedRule: password.length < PASSWORD_MIN_LENGTH ? "MIN_LENGTH" : "MAX_LENGTH",
      data: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
    },
  ]);
}
