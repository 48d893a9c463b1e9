import { z } from "zod";
import { RefusedCaller } from "@/lib/auth/refused-caller";
import { config } from "@/lib/config/env";
import { database as processDatabase, type Db } from "@/lib/db/client";
import { AppError, validationError, type ValidationIssue } from "@/lib/errors/app-error";
import { clientIpOf } from "@/lib/http/client-ip";
import { componentLogger } from "@/lib/observability/logger";
import { metrics } from "@/lib/observability/metrics";
import { currentRequestId, noteCaller } from "@/lib/observability/request-context";
import { checkApiRateLimit, peekApiRateLimit, untouchedBudget } from "@/lib/ratelimit/limiter";
import type { RateCategory } from "@/lib/ratelimit/categories";
import type { RateLimitResult } from "@/lib/ratelimit/store";
import { resolveCaller, type Caller } from "./caller";
import { scopeRefusal } from "./scope-refusal";
import { answerHeaders, answerResponse, type ApiAnswer, type ApiRequest } from "./answer";
import { errorAnswer, toAppError } from "./errors";
import { MAX_BODY_BYTES, parseInput } from "./parse-input";
import { withinDeadline } from "./deadline";
import { checkResponse } from "./response-check";
import { entityTagOfJson, matchesIfNoneMatch } from "./etag";
import { deprecationHeaders } from "./deprecation";
import type { Operation } from "./operation";

let log: ReturnType<typeof componentLogger> | undefined;
const apiLog = () => (log ??= componentLogger("api"));

/** What an operation without a body schema takes: nothing, or `{}`. */
const NO_BODY = z.strictObject({});
/** What an operation without a query schema takes: no parameters, as a body takes no unknown fields. */
const NO_QUERY = z.strictObject({});

export interface HandlerContext<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, A> {
  request: ApiRequest;
  db: Db;
  caller: A extends "reseller" ? Caller : null;
  query: z.output<Q>;
  body: z.output<B>;
  params: z.output<P>;
  requestId: string;
  ip: string;
}

/** A reply with a status or headers other than the operation's defaults. */
export class ApiReply<T> {
  constructor(
    readonly body: T,
    readonly status?: number,
    readonly headers: Record<string, string> = {},
  ) {}
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** None while the limiter is down: nothing is counted then, and a budget shown would be made up. */
function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  if (result.unavailable) return {};
  return {
    "X-RateLimit-Limit": String(result.limit),
    "X-RateLimit-Remaining": String(result.remaining),
    "X-RateLimit-Reset": String(result.resetSeconds),
  };
}

/**
 * The budget a refused call shows: it spends nothing, so a recognised caller sees theirs as it
 * stands and a caller nobody could name sees the whole of it.
 */
function refusalBudget(category: RateCategory, refusal: AppError): Promise<RateLimitResult> {
  const multiplier = config().RATE_LIMIT_MULTIPLIER;
  if (refusal instanceof RefusedCaller) return peekApiRateLimit(category, refusal.rateLimitSubject, multiplier);
  return Promise.resolve(untouchedBudget(category, multiplier));
}

/**
 * A parameter given twice is refused, even when each value would do: no operation takes a list that way,
 * and taking one of them would be a guess. A percent escape that is not UTF-8 is refused too: decoding
 * would turn it into U+FFFD, and a filter would then match what the caller never sent.
 */
function queryObject(url: URL): Record<string, string> {
  const params = url.searchParams;
  // Without a prototype, so that a parameter named __proto__ is one, and refused as unknown.
  const out: Record<string, string> = Object.create(null);
  const repeated: ValidationIssue[] = [];
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    if ((key + values.join("")).includes("\uFFFD")) assertUtf8Query(url.search, key);
    if (values.length > 1) repeated.push({ path: `query.${key}`, message: "Given more than once: send each parameter once." });
    out[key] = values[0];
  }
  if (repeated.length) throw validationError(repeated);
  return out;
}

/** Whether the URL (or the path and query as sent) has a parameter; a bare `?` has none. Checked without parsing, on the hot path. */
function hasQuery(url: string): boolean {
  const mark = url.indexOf("?");
  return mark !== -1 && mark < url.length - 1;
}

/** Refuses `key` when one of its raw name=value pairs holds an escape that is not UTF-8. */
function assertUtf8Query(search: string, key: string): void {
  for (const pair of search.slice(1).split("&")) {
    const [name] = new URLSearchParams(pair).keys();
    if (name !== key) continue;
    try {
      decodeURIComponent(pair.replaceAll("+", " "));
    } catch {
      throw validationError([{ path: `query.${key}`, message: "Must be UTF-8 once percent-decoded." }]);
    }
  }
}

/** application/json, or a type built on it (`application/merge-patch+json`), with any parameters (`; charset=utf-8`). */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.!#$&^-]+\+)?json[ \t]*(?:;|$)/i;

/**
 * A body must say it is JSON. One sent as a form or text is refused rather than read as JSON anyway:
 * those are what a page on another site can send with the panel's cookie without the browser asking
 * first (a CORS "simple" request), and an integrator whose library sends a form learns why at once.
 */
function assertJsonMediaType(request: ApiRequest): void {
  const declared = request.headers.get("content-type");
  if (declared !== null && JSON_MEDIA_TYPE.test(declared.trim())) return;
  const sent = declared === null ? "with no Content-Type" : `as ${declared.split(";")[0].trim().slice(0, 100) || "an empty Content-Type"}`;
  throw new AppError("unsupported_media_type", `Send the body as JSON with Content-Type: application/json; it came ${sent}.`);
}

/** Fatal: bytes that are not UTF-8 are refused, not replaced with U+FFFD and stored as such. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

async function readJsonBody(request: ApiRequest): Promise<unknown> {
  // Bodies are read as sent: a gzipped one would be reported as "not UTF-8", and a plain one labelled gzip read as if it were not.
  const coding = request.headers.get("content-encoding")?.trim();
  if (coding && coding.toLowerCase() !== "identity") {
    throw new AppError("invalid_json", `Send the body uncompressed: a Content-Encoding (here ${coding}) is not taken.`);
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new AppError("payload_too_large", `The body is over ${MAX_BODY_BYTES / 1024} KiB.`);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw new AppError("payload_too_large", `The body is over ${MAX_BODY_BYTES / 1024} KiB.`);
  // A request without a body (a DELETE, a POST that takes none) needs no Content-Type.
  if (bytes.byteLength > 0) assertJsonMediaType(request);
  let text: string;
  try {
    text = utf8.decode(bytes).trim();
  } catch {
    throw new AppError("invalid_json", "The body is not valid UTF-8.");
  }
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_json", "The body is not valid JSON.");
  }
}

/**
 * A read that carries its ETag: 304 with no body when the caller's If-None-Match names it. Such an
 * answer may be kept and revalidated (no-cache), where every other one is no-store.
 */
function conditionalAnswer(request: ApiRequest, requestId: string, body: unknown, ...parts: Record<string, string>[]): ApiAnswer {
  const json = JSON.stringify(body);
  const tag = entityTagOfJson(json);
  const headers = answerHeaders(requestId, ...parts, { ETag: tag });
  headers["Cache-Control"] = "private, no-cache";
  return matchesIfNoneMatch(request.headers, tag) ? { status: 304, headers, body: undefined } : { status: 200, headers, body, json };
}

/**
 * The one wrapper around every API route: request id, caller (key or session), the operation's
 * rate-limit category, input validation, the answer (checked against its schema where CHECK_API_RESPONSES
 * is on) and the error body. Policy comes from the operation, never from matching the URL. The route
 * handler Next calls carries `answer`, the same call without the web Response, for the server's own
 * dispatch.
 */
export function apiHandler<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType, A extends "reseller" | "none">(
  operation: Operation<Q, B, P, R, A>,
  handler: (ctx: HandlerContext<Q, B, P, A>) => Promise<z.input<R> | ApiReply<z.input<R>>>,
) {
  // A write that takes no body still refuses one it cannot read, or one with fields, as the others do.
  const bodySchema = operation.body ?? (operation.method === "GET" ? undefined : NO_BODY);
  const deprecation = deprecationHeaders(operation.deprecation);
  const answer = async (request: ApiRequest, route: RouteContext): Promise<ApiAnswer> => {
    const requestId = currentRequestId();
    const ip = clientIpOf(request.headers);
    let limitHeaders: Record<string, string> = {};
    let caller: Caller | null = null;
    try {
      const database = processDatabase();
      if (operation.auth === "reseller") {
        const resolving = resolveCaller(database, request, ip);
        const resolved = resolving instanceof Promise ? await resolving : resolving;
        // Refused before it counts as the caller: a call outside the key's scopes spends no budget.
        if (operation.scope && !resolved.scopes.has(operation.scope))
          throw scopeRefusal(operation.scope, operation.operationId, resolved.apiKeyId !== null, resolved.rateLimitSubject);
        caller = resolved;
        noteCaller(caller.userId, caller.apiKeyId);
        const counting = checkApiRateLimit(operation.category, caller.rateLimitSubject, config().RATE_LIMIT_MULTIPLIER);
        const limit = counting instanceof Promise ? await counting : counting;
        limitHeaders = rateLimitHeaders(limit);
        if (!limit.allowed) {
          metrics().rateLimitRefusals.inc({ category: operation.category });
          throw new AppError(
            "rate_limited",
            `Too many requests in the ${operation.category} category. Retry in ${limit.retryAfterSeconds} s.`,
            { category: operation.category, retry_after: limit.retryAfterSeconds },
            { "Retry-After": String(limit.retryAfterSeconds) },
          );
        }
      }
      const params = operation.params ? parseInput(operation.params, await route.params, "path") : undefined;
      const queried = hasQuery(request.requestTarget ?? request.url);
      const querySchema = operation.query ?? (queried ? NO_QUERY : undefined);
      // Without a query there is nothing to read from the URL, and it is not built: the schema still parses (its defaults).
      const query = querySchema ? parseInput(querySchema, queried ? queryObject(new URL(request.url)) : Object.create(null), "query") : undefined;
      const body = bodySchema ? parseInput(bodySchema, await readJsonBody(request), "") : undefined;

      const context = { request, db: database.db, caller, query, body, params, requestId, ip } as HandlerContext<Q, B, P, A>;
      const result = await withinDeadline(config().REQUEST_DEADLINE, () => handler(context));
      const reply = result instanceof ApiReply ? result : new ApiReply(result);
      const sent = config().CHECK_API_RESPONSES ? checkResponse(operation.response, reply.body) : reply.body;
      const status = reply.status ?? operation.successStatus ?? 200;
      if (operation.etag && status === 200) return conditionalAnswer(request, requestId, sent, limitHeaders, deprecation, reply.headers);
      return { status, headers: answerHeaders(requestId, limitHeaders, deprecation, reply.headers), body: sent };
    } catch (error) {
      const { appError, unexpected } = toAppError(error);
      if (unexpected) apiLog().error({ err: error, request_id: requestId, method: request.method }, "the API call failed unexpectedly");
      if (operation.auth === "reseller" && caller === null && (appError.code === "unauthenticated" || appError.status === 403)) {
        limitHeaders = rateLimitHeaders(await refusalBudget(operation.category, appError));
      }
      return errorAnswer(appError, requestId, operation.deprecation ? { ...limitHeaders, ...deprecation } : limitHeaders);
    }
  };
  const routeHandler = async (request: Request, route: RouteContext): Promise<Response> => answerResponse(await answer(request, route));
  return Object.assign(routeHandler, { answer });
}
