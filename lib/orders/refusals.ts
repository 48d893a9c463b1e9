import { AppError } from "@/lib/errors/app-error";
import { formatMoney } from "@/lib/money/money";

/*
 * The refusals of an order and its chat, with the details a client reads: made here, so that the
 * code that refuses and the API document's examples of each refusal say the same thing.
 */

export function productUnavailable(sku: string): AppError {
  return new AppError("product_unavailable", `No product with the sku ${sku} is on sale.`, { sku });
}

export function wrongCategory(sku: string, category: string, sold: string): AppError {
  return new AppError("wrong_category", `${sku} is a ${category} product; this endpoint sells ${sold}.`, { sku, category });
}

export function outOfStock(sku: string, quantity: number, available: number): AppError {
  return new AppError("out_of_stock", `Only ${available} of ${quantity} codes are in stock for ${sku}.`, { sku, available });
}

/**
 * An order priced above the unit price its buyer capped it at: the API's `max_price`, or the price a
 * panel page showed and the reseller confirmed. `details.price` is the price now, to confirm again.
 */
export function priceChanged(sku: string, price: bigint, cap: bigint, capped: "max_price" | "confirmed"): AppError {
  const message =
    capped === "max_price"
      ? `The price of ${sku} is now ${formatMoney(price)} USD, above your max_price of ${formatMoney(cap)} USD; nothing was charged.`
      : `The price of ${sku} is now ${formatMoney(price)} USD, above the ${formatMoney(cap)} USD confirmed. Review it again.`;
  return new AppError("price_changed", message, { sku, price: formatMoney(price), max_price: formatMoney(cap) });
}

export function idempotencyConflict(orderId: string): AppError {
  return new AppError(
    "idempotency_conflict",
    "This Idempotency-Key was already used with a different request: another body, or an endpoint that sells other categories.",
    { order_id: orderId },
  );
}

export function duplicateReference(reference: string, orderId: string | null): AppError {
  return new AppError("duplicate_reference", `The reference ${reference} is already used by order ${orderId}.`, { order_id: orderId });
}

export function orderClosed(orderId: string, status: string | null): AppError {
  return new AppError("order_closed", "This order is closed; its chat is read-only.", { order_id: orderId, status });
}

export function chatFull(orderId: string, limit: number): AppError {
  return new AppError("chat_full", `This order's chat is full: it holds at most ${limit} messages.`, { order_id: orderId, limit });
}
