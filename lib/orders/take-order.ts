import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { findUserById } from "@/lib/accounts/get-user";
import type { Db } from "@/lib/db/client";
import { orders, type Order, type Product } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { getOrderForAdmin } from "./list-orders";
import { assertProcessing } from "./manual-orders";

/*
 * An admin takes a processing order to say "I am working on this one": the other admins see who has
 * it, and the reseller sees that someone picked it up. Each change is one conditional UPDATE, so of
 * two admins taking the same order at once exactly one has it; the loser is told who.
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

const changedMeanwhile = () => new AppError("validation_error", "The order changed meanwhile; reload it.");

async function holderEmail(db: Db, userId: string): Promise<string> {
  return (await findUserById(db, userId))?.email ?? userId;
}

/** Why a take or a release found the order otherwise than it expected, or null when the admin has it already. */
async function refusalFor(db: Db, orderId: string, adminId: string, refuseHolder: (email: string) => AppError): Promise<AppError | null> {
  const order = await getOrderForAdmin(db, orderId);
  assertProcessing(order);
  if (order.takenBy === adminId) return null;
  if (order.takenBy) return refuseHolder(await holderEmail(db, order.takenBy));
  return changedMeanwhile();
}

async function takeWhere(db: Db, orderId: string, adminId: string, free: SQL): Promise<Order | undefined> {
  const [order] = await db
    .update(orders)
    .set({ takenBy: adminId, takenAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, "processing"), free))
    .returning();
  return order;
}

/** Takes an order nobody has taken; one another admin has is refused, naming them. Taking one's own again changes nothing. */
export async function takeOrder(db: Db, orderId: string, adminId: string): Promise<Order> {
  const taken = await takeWhere(db, orderId, adminId, isNull(orders.takenBy));
  if (taken) return taken;
  const refusal = await refusalFor(db, orderId, adminId, (email) => new AppError("validation_error", `${email} has taken this order. Take it over to work on it yourself.`));
  if (refusal) throw refusal;
  return getOrderForAdmin(db, orderId);
}

/**
 * Takes an order over from the admin who had it when the page was read (`from`). Had a third admin
 * taken it over since, the take-over is refused naming them: it displaces only the holder the admin saw.
 */
export async function takeOverOrder(db: Db, orderId: string, adminId: string, from: string): Promise<Order> {
  const taken = await takeWhere(db, orderId, adminId, or(isNull(orders.takenBy), eq(orders.takenBy, from))!);
  if (taken) return taken;
  const refusal = await refusalFor(db, orderId, adminId, (email) => new AppError("validation_error", `${email} has taken this order over meanwhile; reload it.`));
  if (refusal) throw refusal;
  return getOrderForAdmin(db, orderId);
}

/** Gives back an order the admin took; one another admin has is refused, naming them. */
export async function releaseOrder(db: Db, orderId: string, adminId: string): Promise<Order> {
  const [released] = await db
    .update(orders)
    .set({ takenBy: null, takenAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, "processing"), eq(orders.takenBy, adminId)))
    .returning();
  if (released) return released;
  const order = await getOrderForAdmin(db, orderId);
  assertProcessing(order);
  if (order.takenBy) throw new AppError("validation_error", `${await holderEmail(db, order.takenBy)} has taken this order; only they can release it.`);
  return order;
}
