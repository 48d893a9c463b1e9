import type { ErrorCode } from "./types.js";

/** Codes the client gives an error answer that carries no error body of the API (a proxy's 502 page, say). */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "validation_error",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  503: "service_unavailable",
};

/** An error answer of the API: `{ "error": { code, message, retryable, request_id, details } }` and its status. */
export class ResellerApiError extends Error {
  override readonly name = "ResellerApiError";
  readonly status: number;
  readonly code: ErrorCode;
  /** Whether the same request may succeed later unchanged (429, 5xx, out_of_stock). */
  readonly retryable: boolean;
  /** The request's id (the body's `request_id`, else the `X-Request-Id` header): quote it when reporting a problem. */
  readonly requestId: string | null;
  readonly details: Record<string, unknown>;
  /** The `Retry-After` header in seconds, when the answer had one. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    retryable: boolean;
    requestId: string | null;
    details?: Record<string, unknown>;
    retryAfterSeconds?: number | null;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.retryable = init.retryable;
    this.requestId = init.requestId;
    this.details = init.details ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** The error a non-2xx answer stands for; reads the body. */
  static async fromResponse(response: Response): Promise<ResellerApiError> {
    const text = await response.text().catch(() => "");
    const retryAfterSeconds = parseRetryAfter(response.headers.get("Retry-After"));
    const headerRequestId = response.headers.get("X-Request-Id");
    const error = parseErrorBody(text);
    if (error) {
      return new ResellerApiError({
        status: response.status,
        code: error.code as ErrorCode,
        message: error.message,
        retryable: error.retryable,
        requestId: error.request_id ?? headerRequestId,
        details: error.details,
        retryAfterSeconds,
      });
    }
    const fallback: ErrorCode = response.status >= 500 ? "internal_error" : "validation_error";
    return new ResellerApiError({
      status: response.status,
      code: CODE_BY_STATUS[response.status] ?? fallback,
      message: `HTTP ${response.status} without an API error body${text ? `: ${text.slice(0, 200)}` : ""}`,
      retryable: response.status === 429 || response.status >= 500,
      requestId: headerRequestId,
      retryAfterSeconds,
    });
  }
}

/** The request never got a complete answer (connection refused or reset, timeout): it may or may not have been applied. */
export class ResellerNetworkError extends Error {
  override readonly name = "ResellerNetworkError";
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}

interface ParsedError {
  code: string;
  message: string;
  retryable: boolean;
  request_id?: string;
  details?: Record<string, unknown>;
}

function parseErrorBody(text: string): ParsedError | null {
  try {
    const error = (JSON.parse(text) as { error?: Partial<ParsedError> }).error;
    if (!error || typeof error.code !== "string" || typeof error.message !== "string") return null;
    return { ...error, code: error.code, message: error.message, retryable: error.retryable === true };
  } catch {
    return null;
  }
}

/** Whole seconds, or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
