import { ZodError, type z } from "zod";
import { isDatabaseUnreachable } from "@/lib/db/unreachable";
import { AppError, validationError, type ValidationIssue } from "@/lib/errors/app-error";
import { answerHeaders, answerResponse, type ApiAnswer } from "./answer";

/** The issues zod raises for a field that is absent, by the kind of schema: a type, one of a list, a choice of types. */
const ABSENCE_CODES = new Set(["invalid_type", "invalid_value", "invalid_union"]);

/**
 * zod's messages for a missing field ("Invalid input: expected string, received undefined", "Invalid
 * option: expected one of ...", "Invalid input") read like a wrong value; an integrator who left the
 * field out is told it is required. Messages a schema sets itself take precedence over this map.
 */
export const apiIssueMessages: z.core.$ZodErrorMap = (issue) => (ABSENCE_CODES.has(issue.code ?? "") && issue.input === undefined ? "Required." : undefined);

export function zodIssuesToValidation(error: ZodError, root?: string): ValidationIssue[] {
  return error.issues.flatMap((issue) => {
    const base = [...(root ? [root] : []), ...issue.path.map(String)];
    if (issue.code === "unrecognized_keys") {
      return (issue as z.core.$ZodIssueUnrecognizedKeys).keys.map((key) => ({ path: [...base, key].join("."), message: "Unknown field." }));
    }
    return [{ path: base.join("."), message: issue.message }];
  });
}

/** Turns anything thrown into an AppError; what is not one already becomes a generic 500 that leaks nothing. */
export function toAppError(error: unknown): { appError: AppError; unexpected: boolean } {
  if (error instanceof AppError) return { appError: error, unexpected: false };
  if (error instanceof ZodError) {
    return { appError: validationError(zodIssuesToValidation(error)), unexpected: false };
  }
  // Still logged as unexpected, but the client is told the truth: a short outage, worth a retry soon.
  if (isDatabaseUnreachable(error)) return { appError: DATABASE_UNREACHABLE(), unexpected: true };
  return { appError: new AppError("internal_error", "Something went wrong on our side. Retry later, quoting the request id."), unexpected: true };
}

/** Seconds a client is asked to wait when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const DATABASE_UNREACHABLE = () =>
  new AppError(
    "service_unavailable",
    "The service cannot reach its database for the moment. Retry shortly (with the same Idempotency-Key for an order).",
    {},
    { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/**
 * HTTP has a 401 name the scheme that would be taken (RFC 9110, 11.6.1): X-API-Key is no scheme, the
 * Bearer header is. A client library that waits for the challenge before it sends its token gets one.
 */
const AUTH_CHALLENGE = { "WWW-Authenticate": 'Bearer realm="api"' };

export function errorAnswer(appError: AppError, requestId: string, headers: Record<string, string> = {}): ApiAnswer {
  return {
    status: appError.status,
    headers: answerHeaders(requestId, headers, appError.status === 401 ? AUTH_CHALLENGE : {}, appError.headers),
    body: { error: { code: appError.code, message: appError.message, retryable: appError.retryable, request_id: requestId, details: appError.details } },
  };
}

export function errorResponse(appError: AppError, requestId: string, headers: Record<string, string> = {}): Response {
  return answerResponse(errorAnswer(appError, requestId, headers));
}
