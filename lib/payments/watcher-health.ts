import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { executeRows } from "@/lib/db/rows";

/** Past this, the landing page of the admin panel says deposits may not be credited. */
export const WATCHER_LAG_ALERT_SECONDS = 5 * 60;
export const ADDRESSES_SHOWN = 50;

export interface AddressWatch {
  userId: string;
  email: string;
  address: string;
  lastCleanScanAt: Date | null;
  lastScanAt: Date | null;
  /** Failed scans since the last clean one. */
  scanFailures: number;
  lastScanError: string | null;
  /** Seconds since the last clean scan (since the address was made, before its first). */
  lagSeconds: number;
  /**
   * Whether the watcher should have read it since: it has an open invoice, its last scan failed, or it
   * was never read. A quiet address on the real chain is read every 10 minutes by design, which is no lag.
   */
  watched: boolean;
}

export interface WatcherHealth {
  /** The largest lag of a watched address; 0 with none. */
  lagSeconds: number;
  lagging: boolean;
  addresses: number;
  failing: number;
  /** The most behind first, at most ADDRESSES_SHOWN. */
  shown: AddressWatch[];
}

interface Row {
  user_id: string;
  email: string;
  address: string;
  last_clean_scan_ms: string | number | null;
  last_scan_ms: string | number | null;
  scan_failures: number | string;
  last_scan_error: string | null;
  lag_seconds: number | string;
  watched: boolean;
}

const addressLag = sql`extract(epoch from now() - coalesce(a.last_clean_scan_at, a.created_at))`;
const watched = sql`(a.scan_failures > 0 or a.last_clean_scan_at is null or exists (
  select 1 from payments p where p.user_id = a.user_id and p.status in ('pending', 'confirming', 'partially_paid')))`;

/** Epoch milliseconds from the database: the drivers hand a timestamp of a raw statement back in different shapes. */
const asDate = (ms: string | number | null) => (ms === null ? null : new Date(Math.round(Number(ms))));

/** The chain watcher's progress per deposit address and overall: whether deposits are being seen. */
export async function watcherHealth(db: DbOrTx, limit = ADDRESSES_SHOWN): Promise<WatcherHealth> {
  const [summary] = await executeRows<{ lag_seconds: number | string | null; addresses: number | string; failing: number | string }>(
    db,
    sql`select max(${addressLag}) filter (where ${watched}) as lag_seconds, count(*) as addresses, count(*) filter (where a.scan_failures > 0) as failing
      from deposit_addresses a`,
  );
  const rows =
    limit === 0
      ? []
      : await executeRows<Row>(
          db,
          sql`select a.user_id, u.email, a.address, extract(epoch from a.last_clean_scan_at) * 1000 as last_clean_scan_ms,
        extract(epoch from a.last_scan_at) * 1000 as last_scan_ms, a.scan_failures, a.last_scan_error,
        ${addressLag} as lag_seconds, ${watched} as watched
      from deposit_addresses a join users u on u.id = a.user_id
      order by ${watched} desc, lag_seconds desc, a.user_id
      limit ${limit}`,
        );
  const lagSeconds = Math.max(0, Math.floor(Number(summary.lag_seconds ?? 0)));
  return {
    lagSeconds,
    lagging: lagSeconds > WATCHER_LAG_ALERT_SECONDS,
    addresses: Number(summary.addresses),
    failing: Number(summary.failing),
    shown: rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      address: row.address,
      lastCleanScanAt: asDate(row.last_clean_scan_ms),
      lastScanAt: asDate(row.last_scan_ms),
      scanFailures: Number(row.scan_failures),
      lastScanError: row.last_scan_error,
      lagSeconds: Math.max(0, Math.floor(Number(row.lag_seconds))),
      watched: row.watched,
    })),
  };
}
