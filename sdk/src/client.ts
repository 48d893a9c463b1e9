import { ResellerApiError, ResellerNetworkError } from "./errors.js";
import { OPERATIONS, OperationMethods } from "./generated/operations.js";
import { DEFAULT_RETRY, retryDelay, type RetryOptions } from "./retry.js";
import type { OperationArgs, OperationId, OperationInput, OperationResult, PageItem, PaginatedOperationId } from "./types.js";

export interface ResellerClientOptions {
  /** The panel's origin, e.g. `https://panel.example.com` (paths carry their own /api/v2 or /api prefix). */
  baseUrl: string;
  /** An API key from the panel (`rk_live_...`), sent as `X-API-Key`. */
  apiKey: string;
  /** Retry policy; every field has a default (4 attempts, 0.5 s doubling, at most 60 s). */
  retry?: Partial<RetryOptions>;
  /** How long one attempt may take before it counts as a network failure. Default 30 s. */
  timeoutMs?: number;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /**
   * Sees every answer's status and headers, retried attempts included: `ETag` for a later `If-None-Match`,
   * `Idempotent-Replayed`, `X-RateLimit-Remaining`, `X-Request-Id`.
   */
  onResponse?: (answer: AnswerInfo) => void;
}

export interface AnswerInfo {
  operationId: OperationId;
  attempt: number;
  status: number;
  headers: Headers;
}

type Operation = { method: string; path: string; idempotencyKey?: boolean; paginated?: boolean };
type AnyInput = {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * A typed client of the Reseller API: one method per operation, named by its operationId, taking
 * `{ path, query, body, headers }` and answering the operation's JSON body. An error answer throws
 * ResellerApiError. Retryable errors and 429 are retried (honouring Retry-After); a lost answer is
 * retried only where repeating cannot apply a change twice: reads, PUT, and creates, which carry one
 * Idempotency-Key across all their attempts.
 */
export class ResellerClient extends OperationMethods {
  readonly #baseUrl: string;
  readonly #apiKey: string;
  readonly #retry: RetryOptions;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #onResponse: ((answer: AnswerInfo) => void) | undefined;

  constructor(options: ResellerClientOptions) {
    super();
    if (!options.baseUrl) throw new TypeError("ResellerClient: baseUrl is required.");
    if (!options.apiKey) throw new TypeError("ResellerClient: apiKey is required.");
    this.#baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#apiKey = options.apiKey;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#onResponse = options.onResponse;
  }

  /** Calls any operation by its id: `client.request("getOrder", { path: { orderId } })` is `client.getOrder(...)`. */
  request<K extends OperationId>(operationId: K, ...args: OperationArgs<K>): Promise<OperationResult<K>> {
    return this.call(operationId, args[0]);
  }

  /** Every item of a paginated list, page after page (`?cursor=` from each page's `next_cursor`). */
  async *paginate<K extends PaginatedOperationId>(operationId: K, ...args: OperationArgs<K>): AsyncGenerator<PageItem<K>, void, undefined> {
    const input = (args[0] ?? {}) as AnyInput;
    let cursor: string | null = null;
    do {
      const query: Record<string, unknown> = { ...input.query, ...(cursor === null ? {} : { cursor }) };
      const page = (await this.call(operationId, { ...input, query } as OperationInput<K>)) as { data: PageItem<K>[]; next_cursor: string | null };
      yield* page.data;
      cursor = page.next_cursor;
    } while (cursor !== null);
  }

  protected async call<K extends OperationId>(operationId: K, input?: OperationInput<K>): Promise<OperationResult<K>> {
    const operation: Operation | undefined = OPERATIONS[operationId];
    if (!operation) throw new TypeError(`ResellerClient: unknown operation ${String(operationId)}.`);
    const { path, query, body, headers: extraHeaders, signal } = (input ?? {}) as AnyInput;
    const url = this.#baseUrl + fillPath(operation.path, path) + queryString(query);
    const headers = new Headers(extraHeaders);
    headers.set("X-API-Key", this.#apiKey);
    headers.set("Accept", "application/json");
    if (body !== undefined) headers.set("Content-Type", "application/json");
    // One key for the whole call, so a retry after a lost answer replays the order instead of placing another.
    if (operation.idempotencyKey && !headers.has("Idempotency-Key")) headers.set("Idempotency-Key", globalThis.crypto.randomUUID());
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const repeatable = operation.method !== "POST" || operation.idempotencyKey === true;

    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        const timeout = AbortSignal.timeout(this.#timeoutMs);
        response = await this.#fetch(url, {
          method: operation.method,
          headers,
          body: payload,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (cause) {
        if (signal?.aborted) throw cause;
        const failure = new ResellerNetworkError(`${operation.method} ${operation.path}: no answer (${describe(cause)})`, { cause });
        const wait = repeatable ? retryDelay(attempt, null, this.#retry) : null;
        if (wait === null) throw failure;
        await this.#retry.sleep(wait, signal);
        continue;
      }
      this.#onResponse?.({ operationId, attempt, status: response.status, headers: response.headers });
      if (response.ok || response.status === 304) return (await readBody(response)) as OperationResult<K>;
      const error = await ResellerApiError.fromResponse(response);
      const wait = error.retryable || error.status === 429 ? retryDelay(attempt, error.retryAfterSeconds, this.#retry) : null;
      if (wait === null) throw error;
      await this.#retry.sleep(wait, signal);
    }
  }
}

function fillPath(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === "") throw new TypeError(`ResellerClient: path parameter "${name}" is required for ${template}.`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The JSON body; undefined for 204 and 304 (an `If-None-Match` that still matches). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : "";
  return `${cause.message}${inner}`;
}
