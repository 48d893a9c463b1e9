import type { z } from "zod";
import type { ApiScope } from "@/lib/api-keys/scopes";
import type { ErrorCode } from "@/lib/errors/app-error";
import type { RateCategory } from "@/lib/ratelimit/categories";
import type { DeprecationNotice } from "./deprecation";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * One API operation: its paths on both surfaces, its policy, and the zod schemas that validate its
 * input, shape its output and generate its part of the OpenAPI document.
 */
export interface Operation<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends "reseller" | "none" = "reseller" | "none",
> {
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  method: HttpMethod;
  /** The /api/v2 path, with {param} placeholders. */
  path: string;
  /** The reseller-API twin under /api, where there is one. */
  resellerPath?: string;
  category: RateCategory;
  auth: A;
  /** The scope a key needs for this operation (every operation with auth "reseller" names one). */
  scope?: ApiScope;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
  successStatus?: number;
  /**
   * Honours an optional Idempotency-Key header: a repeat answers the original with 200 and
   * Idempotent-Replayed. The handler does the work; this puts the header and the replay in the document.
   */
  idempotencyKey?: boolean;
  /**
   * Answers carry an ETag (a digest of the body), and a request whose If-None-Match names it gets 304
   * with no body: a client polling an unchanged catalog downloads nothing.
   */
  etag?: boolean;
  /** Set from the announcement of its removal on: every answer then says so (lib/api/deprecation.ts). */
  deprecation?: DeprecationNotice;
  /** Error codes this operation can answer with, beyond the ones every authenticated call can. */
  errors?: ErrorCode[];
}

/** An operation that authenticates its caller must say which scope it needs; one that does not, none. */
type ScopeOf<A> = A extends "reseller" ? { scope: ApiScope } : { scope?: never };

export function defineOperation<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType, const A extends "reseller" | "none">(
  operation: Operation<Q, B, P, R, A> & ScopeOf<A>,
): Operation<Q, B, P, R, A> {
  return operation;
}
