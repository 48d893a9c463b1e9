import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { pageOf, type Page } from "@/lib/db/page";
import { claimImages, claims, OPEN_CLAIM_STATUSES, orders, users, type Claim, type ClaimImageType, type ClaimReason, type ClaimStatus } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";
import { isIdOf } from "@/lib/ids/ids";

export interface ClaimFilter {
  status?: ClaimStatus;
  reason?: ClaimReason;
  orderId?: string;
  from?: Date;
  to?: Date;
  cursor?: string;
  limit: number;
}

/** A reseller's claim; another reseller's, or text that is no claim id, reads as not found. */
export async function getClaim(db: DbOrTx, userId: string, claimId: string): Promise<Claim> {
  if (!isIdOf("clm", claimId)) throw notFound("Claim");
  const [claim] = await db
    .select()
    .from(claims)
    .where(and(eq(claims.id, claimId), eq(claims.userId, userId)))
    .limit(1);
  if (!claim) throw notFound("Claim");
  return claim;
}

export async function getClaimForAdmin(db: DbOrTx, claimId: string): Promise<Claim> {
  if (!isIdOf("clm", claimId)) throw notFound("Claim");
  const [claim] = await db.select().from(claims).where(eq(claims.id, claimId)).limit(1);
  if (!claim) throw notFound("Claim");
  return claim;
}

/** The reseller's claims, newest first, a page at a time. */
export async function listResellerClaims(db: DbOrTx, userId: string, filter: ClaimFilter): Promise<Page<Claim>> {
  const conditions: SQL[] = [eq(claims.userId, userId)];
  if (filter.status) conditions.push(eq(claims.status, filter.status));
  if (filter.reason) conditions.push(eq(claims.reason, filter.reason));
  if (filter.orderId) conditions.push(eq(claims.orderId, filter.orderId));
  if (filter.from) conditions.push(gte(claims.createdAt, filter.from));
  if (filter.to) conditions.push(lte(claims.createdAt, filter.to));
  if (filter.cursor) conditions.push(lt(claims.id, filter.cursor));
  const rows = await db
    .select()
    .from(claims)
    .where(and(...conditions))
    .orderBy(desc(claims.id))
    .limit(filter.limit + 1);
  return pageOf(rows, filter.limit);
}

/** An order's claims, newest first: a reseller may claim again once the last one is resolved. */
export async function claimsOfOrder(db: DbOrTx, orderId: string): Promise<Claim[]> {
  return db.select().from(claims).where(eq(claims.orderId, orderId)).orderBy(desc(claims.id));
}

export interface QueuedClaim {
  claim: Claim;
  resellerEmail: string;
  productName: string;
  takenByEmail: string | null;
}

/**
 * The admin's queue: open and in-review claims, the least time left to the promised answer first, so the
 * overdue ones (whose time ran out longest ago) lead.
 */
export async function claimsQueue(db: DbOrTx, options: { limit: number }): Promise<QueuedClaim[]> {
  const taker = sql<string | null>`(select email from ${users} t where t.id = ${claims.takenBy})`;
  const rows = await db
    .select({ claim: claims, resellerEmail: users.email, productName: orders.productName, takenByEmail: taker })
    .from(claims)
    .innerJoin(users, eq(users.id, claims.userId))
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .where(inArray(claims.status, OPEN_CLAIM_STATUSES))
    .orderBy(asc(claims.respondBy), asc(claims.id))
    .limit(options.limit);
  return rows;
}

/** The latest resolved claims, for the queue page's second table. */
export async function recentlyResolvedClaims(db: DbOrTx, options: { limit: number }): Promise<QueuedClaim[]> {
  const taker = sql<string | null>`(select email from ${users} t where t.id = ${claims.resolvedBy})`;
  return db
    .select({ claim: claims, resellerEmail: users.email, productName: orders.productName, takenByEmail: taker })
    .from(claims)
    .innerJoin(users, eq(users.id, claims.userId))
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .where(inArray(claims.status, ["replaced", "refunded", "rejected"]))
    .orderBy(desc(claims.resolvedAt))
    .limit(options.limit);
}

/** What the admin landing page counts: open claims, and those past their promised answer. */
export async function claimCounts(db: DbOrTx): Promise<{ open: number; overdue: number }> {
  const [row] = await db
    .select({ open: count(), overdue: sql<number>`count(*) filter (where ${claims.respondBy} < now())`.mapWith(Number) })
    .from(claims)
    .where(inArray(claims.status, OPEN_CLAIM_STATUSES));
  return { open: row.open, overdue: row.overdue };
}

export async function claimImage(db: DbOrTx, claimId: string): Promise<{ contentType: ClaimImageType; bytes: Buffer } | null> {
  const [row] = await db.select().from(claimImages).where(eq(claimImages.claimId, claimId));
  return row ? { contentType: row.contentType, bytes: Buffer.from(row.dataBase64, "base64") } : null;
}
