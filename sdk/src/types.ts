import type { OPERATIONS } from "./generated/operations.js";
import type { components, operations, webhooks } from "./generated/schema.js";

/** Every operation's id, as the OpenAPI document names it (`createOrder`, `getOrder`, `listOrders`, ...). */
export type OperationId = keyof typeof OPERATIONS;

type Spec<K extends OperationId> = operations[K];
type Parameter<K extends OperationId, In extends "path" | "query"> = NonNullable<Spec<K>["parameters"][In]>;

/** A slot the operation has not (`?: never`), may have (all its fields optional) or must have. */
type Slot<Name extends string, T> = [T] extends [never] ? { [P in Name]?: never } : object extends T ? { [P in Name]?: T } : { [P in Name]: T };

type JsonContent<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

/** What an operation takes: its path parameters, query, JSON body, and extra headers (Idempotency-Key, If-None-Match, ...). */
export type OperationInput<K extends OperationId> = Slot<"path", Parameter<K, "path">> &
  Slot<"query", Parameter<K, "query">> &
  Slot<"body", JsonContent<NonNullable<Spec<K>["requestBody"]>>> & {
    headers?: Record<string, string>;
    /** Aborts the call, its retries and their waits. */
    signal?: AbortSignal;
  };

/** The method's arguments: the input may be left out when nothing in it is required. */
export type OperationArgs<K extends OperationId> = object extends OperationInput<K> ? [input?: OperationInput<K>] : [input: OperationInput<K>];

type SuccessStatus = 200 | 201 | 202 | 203 | 204;

/** The JSON body of the operation's success answers. */
export type OperationResult<K extends OperationId> = {
  [S in keyof Spec<K>["responses"]]: S extends SuccessStatus ? JsonContent<Spec<K>["responses"][S]> : never;
}[keyof Spec<K>["responses"]];

/** The operations that list with `?cursor=` and answer `{ data, next_cursor }`. */
export type PaginatedOperationId = { [K in OperationId]: (typeof OPERATIONS)[K] extends { paginated: true } ? K : never }[OperationId];

/** One item of a paginated operation's `data`. */
export type PageItem<K extends PaginatedOperationId> = OperationResult<K> extends { data: (infer Item)[] } ? Item : never;

/** The documented error codes (`insufficient_balance`, `rate_limited`, ...). */
export type ErrorCode = components["schemas"]["Error"]["error"]["code"];

/** An error answer's body, as every error of the API has it. */
export type ErrorBody = components["schemas"]["Error"];

/** A webhook delivery's body: one of the documented events' envelopes, told apart by `event`. */
export type WebhookEvent = { [E in keyof webhooks]: JsonContent<NonNullable<webhooks[E]["post"]>["requestBody"]> }[keyof webhooks];

/** The schemas of the API's records (`Schemas["Order"]`, `Schemas["Product"]`, ...). */
export type Schemas = components["schemas"];
