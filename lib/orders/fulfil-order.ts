import { eq } from "drizzle-orm";
import { findProduct } from "@/lib/catalog/get-product";
import type { Db } from "@/lib/db/client";
import { orders, stockCodes, type Order } from "@/lib/db/schema";
import { fulfilFromSuppliers, type FulfilmentPass, type RoutingOptions } from "@/lib/fulfilment/route-order";
import { AppError } from "@/lib/errors/app-error";
import { keepUnreadableSetAside } from "@/lib/catalog/unreadable-codes";
import { deliverStock } from "./stock-delivery";
import { completeOrder, failOrder } from "./transitions";

export const FULFIL_JOB = "order.fulfil";

/**
 * Completes or fails a processing order by its product's fulfilment mode as it is now; a no-op for
 * orders that are already final, or that wait for the admin's hand (a product fulfilled by hand).
 * Safe to run twice: transitions are conditional, and a supplier order is bought at most once (route-order).
 */
export async function fulfilOrder(db: Db, orderId: string, options: RoutingOptions = {}): Promise<Order | null> {
  return (await fulfilmentPass(db, orderId, options)).order;
}

/** fulfilOrder, saying also when to run again (a supplier's order waiting for an answer or for its turn). */
export async function fulfilmentPass(db: Db, orderId: string, options: RoutingOptions = {}): Promise<FulfilmentPass> {
  const settled = (order: Order | null): FulfilmentPass => ({ order, pending: false, retryInMs: null });
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== "processing") return settled(order ?? null);
  const product = await findProduct(db, order.sku);
  if (!product)
    return settled((await db.transaction((tx) => failOrder(tx, orderId, "The product was withdrawn before the order could be delivered."))) ?? order);
  if (product.fulfilment === "manual") return settled(order);
  if (product.fulfilment === "stock") return settled(await deliverFromStock(db, order));

  const pass = await fulfilFromSuppliers(db, orderId, product, options);
  return { ...pass, order: pass.order ?? order };
}

/**
 * placeOrder delivers stock orders in their own transaction, so a stock order gets here only when its
 * product was switched to stock after the order was queued for a supplier, or when an earlier version
 * left it processing with its codes claimed. Those codes are delivered; otherwise codes are claimed
 * now, and too few fail the order with the money back.
 */
async function deliverFromStock(db: Db, order: Order): Promise<Order> {
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx.select().from(stockCodes).where(eq(stockCodes.orderId, order.id)).orderBy(stockCodes.id);
      const delivery =
        claimed.length > 0
          ? { items: claimed.map((c) => ({ codeEncrypted: c.codeEncrypted, pinEncrypted: c.pinEncrypted, serial: c.serial })), note: null }
          : (await deliverStock(tx, order.sku, order.quantity, order.id)).delivery;
      const completed = await completeOrder(tx, order.id, delivery);
      if (completed && claimed.length > 0) await tx.update(stockCodes).set({ deliveredAt: new Date() }).where(eq(stockCodes.orderId, order.id));
      return completed ?? order;
    });
  } catch (error) {
    if (!(error instanceof AppError && error.code === "out_of_stock")) throw error;
    await keepUnreadableSetAside(db, error);
    return (await db.transaction((tx) => failOrder(tx, order.id, "Out of stock when the order came to be delivered."))) ?? order;
  }
}
