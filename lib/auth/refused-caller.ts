import { AppError } from "@/lib/errors/app-error";

/** API rate limits are counted per key, and per account for the panel's own calls with its session. */
export const keySubject = (apiKeyId: string) => `key:${apiKeyId}`;
export const accountSubject = (userId: string) => `user:${userId}`;

/**
 * A caller who was recognised and then refused: a blocked account, a key used from outside its
 * allowlist, a cross-origin write with the session cookie. The refusal spends none of the caller's
 * rate-limit budget, and its answer still shows that budget (lib/api/handler.ts).
 */
export class RefusedCaller extends AppError {
  constructor(
    code: "account_disabled" | "forbidden",
    message: string,
    readonly rateLimitSubject: string,
    details: Record<string, unknown> = {},
  ) {
    super(code, message, details);
  }
}
