// Wix's error envelope: what the platform's handlers throw and the router turns into an answer, in the shapes the
// Wix SDK understands (tests/contract/errors.test.ts holds them).

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  ruleName?: string;
  data?: Record<string, unknown>;
}

/** A Wix-shaped failure; thrown by handlers and turned into a response by the router. */
export class WixError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === "string" ? body.message : `HTTP ${status}`);
  }
}

export function appError(
  status: number,
  code: string,
  description: string,
  data: Record<string, unknown> = {},
  message?: string,
): WixError {
  return new WixError(status, {
    message: message ?? description,
    details: { applicationError: { code, description, data } },
  });
}

export function validationError(violations: FieldViolation[], message?: string): WixError {
  const sorted = [...violations].sort((a, b) => a.field.localeCompare(b.field));
  return new WixError(400, {
    message: message ?? `INVALID_ARGUMENT: ${sorted.map((v) => `"${v.field}" ${v.description}`).join(", ")}`,
    details: {
      validationError: {
        fieldViolations: sorted.map((v) => ({
          field: v.field,
          description: v.description,
          violatedRule: v.violatedRule ?? "VALIDATION",
          ruleName: v.ruleName ?? v.violatedRule ?? "VALIDATION",
          data: v.data ?? {},
        })),
      },
    },
  });
}

export function fieldError(field: string, description: string, violatedRule = "VALIDATION"): WixError {
  return validationError([{ field, description, violatedRule }]);
}

export const unauthenticated = () => appError(401, "UNAUTHENTICATED", "Jeton d'accès absent, invalide ou expiré", {}, "Unauthenticated");
export const permissionDenied = (what = "Accès refusé") => appError(403, "PERMISSION_DENIED", what, {}, "Permission denied");
export const notFound = (code: string, description: string, data: Record<string, unknown> = {}) => appError(404, code, description, data);
