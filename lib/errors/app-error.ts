/** Every error an integrator can see; the status of each is in errorStatus. */
export type ErrorCode =
  | "validation_error"
  | "invalid_json"
  | "unauthenticated"
  | "insufficient_balance"
  | "account_disabled"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "idempotency_conflict"
  | "duplicate_reference"
  | "order_closed"
  | "chat_full"
  | "claim_conflict"
  | "price_changed"
  | "webhook_disabled"
  | "payload_too_large"
  | "unsupported_media_type"
  | "headers_too_large"
  | "out_of_stock"
  | "product_unavailable"
  | "wrong_category"
  | "claim_not_allowed"
  | "invalid_player"
  | "invalid_recipient"
  | "rate_limited"
  | "internal_error"
  | "service_unavailable";

export const errorStatus: Record<ErrorCode, number> = {
  validation_error: 400,
  invalid_json: 400,
  unauthenticated: 401,
  insufficient_balance: 402,
  account_disabled: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  duplicate_reference: 409,
  order_closed: 409,
  chat_full: 409,
  claim_conflict: 409,
  price_changed: 409,
  webhook_disabled: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  out_of_stock: 422,
  product_unavailable: 422,
  wrong_category: 422,
  claim_not_allowed: 422,
  invalid_player: 422,
  invalid_recipient: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

/** Every code, in declaration order: the enum of the error body's `code` in the OpenAPI document. */
export const ERROR_CODES = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

const RETRYABLE = new Set<ErrorCode>(["rate_limited", "internal_error", "out_of_stock"]);

export interface ValidationIssue {
  path: string;
  message: string;
}

/** The one error type domain functions throw; the API wrapper turns it into the documented body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.code) || this.status >= 500;
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} was not found.`);

/** One sentence naming every issue: "sku: Required; quantity: Too big." rather than "Required.; quantity". */
export const validationError = (issues: ValidationIssue[]) =>
  new AppError("validation_error", issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message).replace(/\.$/, "")).join("; ") + ".", { issues });
