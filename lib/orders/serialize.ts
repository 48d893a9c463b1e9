import { z } from "zod";
import { moneyString, timestampString } from "@/lib/records/fields";
import { tryDecryptSecret } from "@/lib/crypto/encryption";
import { CLAIM_STATUSES, ORDER_STATUSES, PRODUCT_CATEGORIES, type Order } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { componentLogger } from "@/lib/observability/logger";

export const deliverySchema = z.object({
  items: z.array(
    z.object({
      code: z.string().nullable(),
      pin: z.string().nullable(),
      serial: z.string().nullable(),
      unreadable: z.literal(true).optional().meta({
        description:
          "Present only when this item's code or PIN cannot be read right now (the server's encryption key was changed); that value is null. The operator has been told; the item reads in full once they restore the key. The order itself stays as it is.",
      }),
    }),
  ),
  note: z.string().nullable(),
});

type DeliveredItem = z.infer<typeof deliverySchema>["items"][number];

/** The order record as the seed's events carry it: their data stays exactly as it was before claims. */
export const orderEventSchema = z
  .object({
    order_id: z.string().meta({ example: "ord_01JD4X0000ABCDEFGHJKMNPQRS" }),
    type: z.enum(PRODUCT_CATEGORIES),
    status: z.enum(ORDER_STATUSES),
    sku: z.string(),
    product_name: z.string(),
    quantity: z.number().int(),
    unit_price: moneyString,
    total: moneyString,
    currency: z.literal("USD"),
    fields: z.record(z.string(), z.string()),
    reference: z.string().nullable(),
    delivery: deliverySchema.nullable().meta({ description: "Codes, keys or the top-up confirmation; null until completed." }),
    failure_reason: z.string().nullable(),
    source: z.enum(["api", "panel"]),
    created_at: timestampString,
    updated_at: timestampString,
    completed_at: timestampString.nullable(),
  })
  .meta({ id: "OrderEvent" });

export const orderSchema = orderEventSchema
  .extend({
    claim: z
      .object({
        id: z.string().meta({ example: "clm_01JD4X0000ABCDEFGHJKMNPQRS" }),
        status: z.enum(CLAIM_STATUSES),
      })
      .nullable()
      .meta({ description: "The order's latest claim, or null: `GET /api/v2/claims/{claim_id}` reads it in full." }),
  })
  .meta({ id: "Order" });

export type OrderRecord = z.infer<typeof orderSchema>;
export type OrderEventRecord = z.infer<typeof orderEventSchema>;

/** A delivered item as opened in the transaction that delivered it (lib/orders/stock-delivery.ts). */
export type OpenedItem = Pick<DeliveredItem, "code" | "pin" | "serial">;

export function toOrderRecord(order: Order): OrderRecord {
  return withClaim(toOrderEventRecord(order), order);
}

/**
 * A just-delivered order's record with its items as the delivering transaction opened them (`opened`,
 * item for item with `order.delivery`), so that each code is decrypted once per order, not twice.
 */
export function toDeliveredOrderRecord(order: Order, opened: OpenedItem[]): OrderRecord {
  return withClaim(orderRecordWith(order, { items: opened, note: order.delivery?.note ?? null }), order);
}

function withClaim(record: OrderEventRecord, order: Order): OrderRecord {
  return Object.assign(record, { claim: order.claimId && order.claimStatus ? { id: order.claimId, status: order.claimStatus } : null });
}

export function toOrderEventRecord(order: Order): OrderEventRecord {
  return orderRecordWith(
    order,
    order.status === "completed" || order.status === "refunded"
      ? {
          items: (order.delivery?.items ?? []).map((item) => deliveredItem(order.id, item)),
          note: order.delivery?.note ?? null,
        }
      : null,
  );
}

/** The record as an event carries it: without the delivery, whatever the order's status (lib/orders/order-events.ts). */
export function toOrderEventRecordWithoutDelivery(order: Order): OrderEventRecord {
  return orderRecordWith(order, null);
}

function orderRecordWith(order: Order, delivery: OrderEventRecord["delivery"]): OrderEventRecord {
  return {
    order_id: order.id,
    type: order.type,
    status: order.status,
    sku: order.sku,
    product_name: order.productName,
    quantity: order.quantity,
    unit_price: formatMoney(order.unitPrice),
    total: formatMoney(order.total),
    currency: "USD",
    fields: order.fields,
    reference: order.reference,
    delivery,
    failure_reason: order.failureReason,
    source: order.source,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
  };
}

/**
 * A delivered item in plain text. A value another key wrote (the operator changed ENCRYPTION_KEY and has
 * not yet run encryption:recover) is withheld and flagged rather than failing the read: one such order
 * must not break the order list, the order page or its webhook, and the other items still read.
 */
function deliveredItem(orderId: string, item: NonNullable<Order["delivery"]>["items"][number]): DeliveredItem {
  const code = item.codeEncrypted ? tryDecryptSecret(item.codeEncrypted) : null;
  const pin = item.pinEncrypted ? tryDecryptSecret(item.pinEncrypted) : null;
  const readable = (item.codeEncrypted === null || code !== null) && (item.pinEncrypted === null || pin !== null);
  if (readable) return { code, pin, serial: item.serial };
  componentLogger("orders").error(`a delivered code of ${orderId} does not decrypt with ENCRYPTION_KEY; run encryption:recover with the key that wrote it`);
  return { code, pin, serial: item.serial, unreadable: true };
}
