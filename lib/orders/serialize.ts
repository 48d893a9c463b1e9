import { z } from "zod";
import { moneyString, timestampString } from "@/lib/api/common-schemas";
import { decryptSecret } from "@/lib/crypto/encryption";
import { ORDER_STATUSES, PRODUCT_CATEGORIES, type Order } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";

export const deliverySchema = z.object({
  items: z.array(z.object({ code: z.string().nullable(), pin: z.string().nullable(), serial: z.string().nullable() })),
  note: z.string().nullable(),
});

export const orderSchema = z
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
  .meta({ id: "Order" });

export type OrderRecord = z.infer<typeof orderSchema>;

export function toOrderRecord(order: Order): OrderRecord {
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
    delivery:
      order.status === "completed" || order.status === "refunded"
        ? {
            items: (order.delivery?.items ?? []).map((item) => ({
              code: item.codeEncrypted ? decryptSecret(item.codeEncrypted) : null,
              pin: item.pinEncrypted ? decryptSecret(item.pinEncrypted) : null,
              serial: item.serial,
            })),
            note: order.delivery?.note ?? null,
          }
        : null,
    failure_reason: order.failureReason,
    source: order.source,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
  };
}
