import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { suppliers, type Supplier } from "@/lib/db/schema";
import { DEFAULT_RATE_LIMIT_MS } from "./suppliers/retry-after";

/*
 * Per-supplier lanes (docs/suppliers.md, "Rate limits and lanes"). Supplier jobs run in worker lanes of
 * their own (order.fulfil and supplier.reconcile, registered with `slots`), so they never take the slots
 * other job kinds need. Inside those lanes each supplier gets at most its `max_in_flight` upstream calls
 * at once in this process. A job whose supplier is full, or rate-limited by its own 429, does not wait
 * for it in a slot: it sends nothing and runs again later (its turn), so a slow or failing supplier
 * holds only its own calls, never another supplier's orders. The check comes before the attempt is
 * written, or (for an open attempt) before it is asked about, so a deferred job leaves nothing behind.
 */

/** However long an upstream asks for, we try again within this. */
export const MAX_RATE_LIMIT_MS = 10 * 60_000;
const MIN_TURN_MS = 50;
const MAX_TURN_MS = 5_000;

interface LaneState {
  inFlight: number;
  /** The supplier's recent call time (a moving average): how long a turn lasts. */
  latencyMs: number;
  /** When the jobs sent away are due back; those still ahead are the queue a new one joins. */
  turns: number[];
}

/** On globalThis: the Next bundle and the server script each load this module, and share one worker. */
const store = globalThis as unknown as { __supplierLanes?: Map<string, LaneState> };
const lanes: Map<string, LaneState> = (store.__supplierLanes ??= new Map());

export type LaneEntry = { ok: true; leave: () => void } | { ok: false; retryInMs: number; reason: "rate_limited" | "busy" };

/** The time left of a supplier's rate limit, 0 when it has none. */
export function rateLimitLeftMs(supplier: Pick<Supplier, "rateLimitedUntil">, now = Date.now()): number {
  return supplier.rateLimitedUntil ? Math.max(0, supplier.rateLimitedUntil.getTime() - now) : 0;
}

/**
 * Takes one of the supplier's call places in this process, or says when to come back: at the end of
 * its rate limit, or after the turns of the jobs already sent away (by its recent call time).
 */
export function enterSupplierLane(supplier: Pick<Supplier, "id" | "maxInFlight" | "rateLimitedUntil">, now = Date.now()): LaneEntry {
  const limited = rateLimitLeftMs(supplier, now);
  if (limited > 0) return { ok: false, retryInMs: limited, reason: "rate_limited" };
  let lane = lanes.get(supplier.id);
  if (!lane) lanes.set(supplier.id, (lane = { inFlight: 0, latencyMs: 200, turns: [] }));
  const state = lane;
  if (state.inFlight >= Math.max(1, supplier.maxInFlight)) {
    state.turns = state.turns.filter((due) => due > now);
    const rounds = Math.floor(state.turns.length / Math.max(1, supplier.maxInFlight)) + 1;
    // A little spread, so the jobs sent away together do not all come back in the same instant.
    const wait = Math.min(MAX_TURN_MS, Math.max(MIN_TURN_MS, state.latencyMs * rounds)) * (1 + Math.random() * 0.2);
    state.turns.push(now + wait);
    return { ok: false, retryInMs: Math.round(wait), reason: "busy" };
  }
  state.inFlight += 1;
  const started = now;
  let left = false;
  return {
    ok: true,
    leave() {
      if (left) return;
      left = true;
      state.inFlight -= 1;
      state.latencyMs = state.latencyMs * 0.7 + (Date.now() - started) * 0.3;
    },
  };
}

/** Upstream calls of a supplier under way in this process (for tests and the admin's state). */
export function supplierCallsInFlight(supplierId: string): number {
  return lanes.get(supplierId)?.inFlight ?? 0;
}

/**
 * An upstream said 429 (or another "later", with Retry-After): nothing is sent to it before then. The
 * limit only ever moves later, and runs on the database's clock, which every worker shares.
 */
export async function noteRateLimit(db: DbOrTx, supplierId: string, retryAfterMs: number | null | undefined): Promise<number> {
  const ms = Math.min(MAX_RATE_LIMIT_MS, Math.max(1_000, retryAfterMs ?? DEFAULT_RATE_LIMIT_MS));
  const until = sql`now() + ${ms}::float8 * interval '1 millisecond'`;
  await db
    .update(suppliers)
    .set({ rateLimitedUntil: sql`greatest(coalesce(${suppliers.rateLimitedUntil}, ${until}), ${until})` })
    .where(eq(suppliers.id, supplierId));
  return ms;
}
