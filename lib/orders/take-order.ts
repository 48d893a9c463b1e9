import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders, type Order, type Product } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { getOrderForAdmin } from "./list-orders";
import { assertProcessing, changedMeanwhile, holderEmail } from "./manual-orders";
import { recordOrderActivity } from "./order-activity";

/*
 * An admin takes a processing order to say "I am working on this one": the other admins see who has
 * it, and the reseller sees that someone picked it up. Each change is one conditional UPDATE, so of
 * two admins taking the same order at once exactly one has it; the loser is told who. The activity row
 * is written in the transaction of the UPDATE that changed the order, so a take that lost writes none.
 *
 * Taking leaves `updated_at` alone: it is the order record's, and integrators do not see who works an order.
 */

/**
 * Whether an order waits for an admin's hand, as the manual queue (listOrders' awaitingHand) has it:
 * processing, and of the manual category or of a product now fulfilled by hand; or taken already.
 */
export function waitsForOperator(order: Order, product: Pick<Product, "fulfilment"> | null): boolean {
  return order.status === "processing" && (order.type === "manual" || product?.fulfilment === "manual" || order.takenAt !== null);
}

/** Why a take or a release found the order otherwise than it expected, or null when the admin has it already. */
async function refusalFor(db: Db, orderId: string, adminId: string, refuseHolder: (email: string) => AppError): Promise<AppError | null> {
  const order = await getOrderForAdmin(db, orderId);
  assertProcessing(order);
  if (order.takenBy === adminId) return null;
  if (order.takenBy) return refuseHolder(await holderEmail(db, order.takenBy));
  return changedMeanwhile();
}

/** Takes the order if it is processing and `free` holds, and records it; undefined when it was not taken. */
async function takeWhere(db: Db, orderId: string, adminId: string, free: SQL, displaced: string | null): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ takenBy: adminId, takenAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.status, "processing"), free))
      .returning();
    if (order) {
      await recordOrderActivity(
        tx,
        displaced ? { orderId, adminId, action: "taken_over", detail: await holderEmail(tx, displaced) } : { orderId, adminId, action: "taken" },
      );
    }
    return order;
  });
}

/** Takes an order nobody has taken; one another admin has is refused, naming them. Taking one's own again changes nothing. */
export async function takeOrder(db: Db, orderId: string, adminId: string): Promise<Order> {
  const taken = await takeWhere(db, orderId, adminId, isNull(orders.takenBy), null);
  if (taken) return taken;
  const refusal = await refusalFor(
    db,
    orderId,
    adminId,
    (email) => new AppError("validation_error", `${email} has taken this order. Take it over to work on it yourself.`),
  );
  if (refusal) throw refusal;
  return getOrderForAdmin(db, orderId);
}

/**
 * Takes an order over from the admin who had it when the page was read (`from`). Had a third admin
 * taken it over since, the take-over is refused naming them: it displaces only the holder the admin saw.
 * Had `from` released it meanwhile, it is a plain take, and the activity says so: nobody was displaced.
 */
export async function takeOverOrder(db: Db, orderId: string, adminId: string, from: string): Promise<Order> {
  // A page that showed the admin as the holder offers Release, never Take over: this is a second click.
  if (from === adminId) return takeOrder(db, orderId, adminId);
  const taken =
    (await takeWhere(db, orderId, adminId, eq(orders.takenBy, from), from)) ?? (await takeWhere(db, orderId, adminId, isNull(orders.takenBy), null));
  if (taken) return taken;
  const refusal = await refusalFor(
    db,
    orderId,
    adminId,
    (email) => new AppError("validation_error", `${email} has taken this order over meanwhile; reload it.`),
  );
  if (refusal) throw refusal;
  return getOrderForAdmin(db, orderId);
}

/** Gives back an order the admin took; one another admin has is refused, naming them. */
export async function releaseOrder(db: Db, orderId: string, adminId: string): Promise<Order> {
  const released = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ takenBy: null, takenAt: null })
      .where(and(eq(orders.id, orderId), eq(orders.status, "processing"), eq(orders.takenBy, adminId)))
      .returning();
    if (order) await recordOrderActivity(tx, { orderId, adminId, action: "released" });
    return order;
  });
  if (released) return released;
  const order = await getOrderForAdmin(db, orderId);
  assertProcessing(order);
  if (order.takenBy) throw new AppError("validation_error", `${await holderEmail(db, order.takenBy)} has taken this order; only they can release it.`);
  return order;
}
