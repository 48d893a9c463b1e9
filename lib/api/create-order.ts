import type { Db } from "@/lib/db/client";
import type { ProductCategory } from "@/lib/db/schema";
import { validationError } from "@/lib/errors/app-error";
import type { HeaderReader } from "@/lib/http/header-reader";
import { placeOrder } from "@/lib/orders/place-order";
import { toDeliveredOrderRecord, toOrderRecord, type OrderRecord } from "@/lib/orders/serialize";
import type { ApiRequest } from "./answer";
import type { Caller } from "./caller";
import { ApiReply } from "./handler";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * The request's Idempotency-Key: null when absent. A blank one is refused rather than taken as none: it
 * is most likely a client's unset variable, and its retries would each place an order.
 */
export function idempotencyKeyOf(headers: HeaderReader): string | null {
  const sent = headers.get(IDEMPOTENCY_HEADER);
  if (sent === null) return null;
  const key = sent.trim();
  if (key === "") throw validationError([{ path: `header.${IDEMPOTENCY_HEADER}`, message: "Must not be blank; leave the header out to send none." }]);
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw validationError([{ path: `header.${IDEMPOTENCY_HEADER}`, message: `At most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.` }]);
  }
  return key;
}

export interface ApiOrderRequest {
  sku: string;
  quantity: number;
  fields: Record<string, string | number>;
  reference?: string | null;
  /** The highest unit price the caller accepts, in micro-dollars. */
  max_price?: bigint;
}

/**
 * An order placed through an API endpoint that sells `sells` (its operation's categories): 201 with the
 * new order, or 200 with `Idempotent-Replayed: true` for a repeat under the same Idempotency-Key.
 */
export async function createOrderFromApi(
  db: Db,
  input: { caller: Caller; request: ApiRequest; body: ApiOrderRequest; sells: readonly ProductCategory[] | "any" },
): Promise<ApiReply<OrderRecord>> {
  const idempotencyKey = idempotencyKeyOf(input.request.headers);
  const { order, replayed, opened } = await placeOrder(db, {
    user: { id: input.caller.userId },
    sku: input.body.sku,
    quantity: input.body.quantity,
    fields: input.body.fields,
    reference: input.body.reference ?? null,
    idempotencyKey,
    source: "api",
    actor: input.caller.actor,
    maxUnitPrice: input.body.max_price,
    categories: input.sells === "any" ? undefined : [...input.sells],
  });
  if (replayed) return new ApiReply(toOrderRecord(order), 200, { "Idempotent-Replayed": "true" });
  return new ApiReply(opened ? toDeliveredOrderRecord(order, opened) : toOrderRecord(order), 201);
}
