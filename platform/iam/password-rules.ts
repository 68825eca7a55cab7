// The site's password rules, for a sign-up, a reset and a change: the bounds Wix's default policy holds here.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** French reason why a new password is refused, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Le mot de passe doit contenir au plus ${PASSWORD_MAX_LENGTH} caractères.`;
  return null;
}
