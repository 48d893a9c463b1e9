import { eq } from "drizzle-orm";
import { findProduct } from "@/lib/catalog/get-product";
import type { Db } from "@/lib/db/client";
import { orders, stockCodes, type Order } from "@/lib/db/schema";
import { supplierFor } from "@/lib/fulfilment/supplier";
import { completeOrder, encryptDelivery, failOrder } from "./transitions";

export const FULFIL_JOB = "order.fulfil";

/**
 * Completes or fails a processing order by its product's fulfilment mode; a no-op for orders that
 * are already final or fulfilled by hand. Safe to run twice: transitions are conditional.
 */
export async function fulfilOrder(db: Db, orderId: string): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== "processing") return order ?? null;
  const product = await findProduct(db, order.sku);
  if (!product || product.fulfilment === "manual") return order;

  // placeOrder delivers stock orders in their own transaction; this completes those that an earlier
  // version left processing with a queued job.
  if (product.fulfilment === "stock") {
    const codes = await db.select().from(stockCodes).where(eq(stockCodes.orderId, orderId)).orderBy(stockCodes.id);
    return db.transaction(async (tx) => {
      const completed = await completeOrder(tx, orderId, {
        items: codes.map((c) => ({ codeEncrypted: c.codeEncrypted, pinEncrypted: c.pinEncrypted, serial: c.serial })),
        note: null,
      });
      if (completed) await tx.update(stockCodes).set({ deliveredAt: new Date() }).where(eq(stockCodes.orderId, orderId));
      return completed ?? order;
    });
  }

  const result = await supplierFor().fulfil(product, order);
  return db.transaction(async (tx) =>
    result.ok
      ? ((await completeOrder(tx, orderId, encryptDelivery(result.items, result.note))) ?? order)
      : ((await failOrder(tx, orderId, result.reason)) ?? order),
  );
}
