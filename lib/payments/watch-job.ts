import { config } from "@/lib/config/env";
import type { Db } from "@/lib/db/client";
import { registerJobHandler } from "@/lib/jobs/registry";
import type { ChainReader } from "./chain/chain-reader";
import { sandboxReader } from "./chain/sandbox";
import { tronGridReader } from "./chain/trongrid";
import { CHAIN_WATCH_JOB, PAYMENT_EXPIRE_JOB, refreshPaymentStatus } from "./payments";
import { watchChainOnce, type WatchResult } from "./watcher";
import { componentLogger } from "@/lib/observability/logger";

/** Idle addresses on the real chain are read every 10 minutes; the sandbox is a table, read whole every time. */
const TRONGRID_IDLE_RESCAN_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 10 * 60_000;

export function chainReader(db: Db): ChainReader {
  const cfg = config();
  return cfg.CHAIN_PROVIDER === "trongrid" ? tronGridReader({ baseUrl: cfg.TRONGRID_URL, apiKey: cfg.TRONGRID_API_KEY }) : sandboxReader(db);
}

/** The poll interval; after throttled scans it doubles each time, up to 10 minutes, and never undercuts the provider's Retry-After. */
export function nextWatchDelayMs(intervalMs: number, throttledInARow: number, retryAfterMs?: number): number {
  if (throttledInARow === 0) return intervalMs;
  return Math.max(Math.min(intervalMs * 2 ** throttledInARow, MAX_BACKOFF_MS), retryAfterMs ?? 0);
}

/** Consecutive throttled scans in this process: each doubles the wait, up to 10 minutes. */
let throttledInARow = 0;

/** One watcher pass over the configured chain: what the recurring job runs, and the sandbox's admin actions run at once. */
export function watchConfiguredChain(db: Db, signal?: AbortSignal): Promise<WatchResult> {
  const cfg = config();
  const reader = chainReader(db);
  return watchChainOnce(db, {
    reader,
    contractAddress: cfg.USDT_CONTRACT,
    dust: cfg.DEPOSIT_DUST,
    idleRescanMs: reader.source === "sandbox" ? 0 : TRONGRID_IDLE_RESCAN_MS,
    signal,
    log: (line) => componentLogger("chain-watcher").info(line),
  });
}

registerJobHandler(
  CHAIN_WATCH_JOB,
  async (_job, { db, signal }) => {
    const cfg = config();
    const result = await watchConfiguredChain(db, signal);
    throttledInARow = result.throttled ? throttledInARow + 1 : 0;
    return { retryInMs: nextWatchDelayMs(cfg.CHAIN_POLL_INTERVAL, throttledInARow, result.throttled?.retryAfterMs) };
  },
  // The default lease: the worker's heartbeat keeps it while a slow scan runs, and a worker that died
  // mid-scan is replaced within a minute, so deposits are not credited five minutes late.
  { recurring: true },
);

/** At an invoice's expires_at: expired, unless a transfer sent in time is still confirming (then its credit settles it). */
registerJobHandler(PAYMENT_EXPIRE_JOB, async (job, { db }) => {
  const paymentId = String((job.payload as { paymentId?: unknown }).paymentId ?? "");
  if (!paymentId) return;
  await db.transaction((tx) => refreshPaymentStatus(tx, paymentId));
});
