import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { desc, eq, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { instances, type Instance, type InstanceKind } from "@/lib/db/schema";
import { componentLogger } from "@/lib/observability/logger";

/** How often a server or a worker says it is alive. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** Seen within this is "seen recently": a few beats, so one slow beat does not hide a live process. */
export const RECENTLY_SEEN_MS = 60_000;
/** A process silent this long has stopped; its row goes so the table keeps only what may still run. */
export const PRUNE_AFTER_MS = 24 * 60 * 60_000;

/** The version in package.json: what the System page shows and each instance records. */
export function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version: string }).version;
}

export interface InstanceIdentity {
  id: string;
  kind: InstanceKind;
  host: string;
  pid: number;
  version: string;
  startedAt: Date;
}

export function thisProcess(id: string, kind: InstanceKind): InstanceIdentity {
  return { id, kind, host: hostname(), pid: process.pid, version: appVersion(), startedAt: new Date(Date.now() - Math.round(process.uptime() * 1000)) };
}

/** One beat: the instance is seen now (by the database's clock, which every host shares), and long-silent ones go. */
export async function recordHeartbeat(db: DbOrTx, instance: InstanceIdentity): Promise<void> {
  await db
    .insert(instances)
    .values({ ...instance, lastSeenAt: sql`now()` })
    .onConflictDoUpdate({ target: instances.id, set: { lastSeenAt: sql`now()`, version: instance.version } });
  await db.delete(instances).where(lt(instances.lastSeenAt, sql`now() - ${PRUNE_AFTER_MS}::float8 * interval '1 millisecond'`));
}

/** A stopping process says so, so that it leaves the list at once instead of after RECENTLY_SEEN_MS. */
export async function forgetInstance(db: DbOrTx, id: string): Promise<void> {
  await db.delete(instances).where(eq(instances.id, id));
}

export type SeenInstance = Instance & { seenSecondsAgo: number };

/** Servers and workers seen within RECENTLY_SEEN_MS, servers first, the newest start first. */
export async function recentInstances(db: DbOrTx, withinMs = RECENTLY_SEEN_MS): Promise<SeenInstance[]> {
  const rows = await db
    .select({ instance: instances, seenSecondsAgo: sql<number>`extract(epoch from now() - ${instances.lastSeenAt})`.mapWith(Number) })
    .from(instances)
    .where(gte(instances.lastSeenAt, sql`now() - ${withinMs}::float8 * interval '1 millisecond'`))
    .orderBy(instances.kind, desc(instances.startedAt));
  return rows.map(({ instance, seenSecondsAgo }) => ({ ...instance, seenSecondsAgo: Math.max(0, Math.floor(seenSecondsAgo)) }));
}

export interface Heartbeat {
  stop(): Promise<void>;
}

/**
 * Beats now and every HEARTBEAT_INTERVAL_MS until stopped. A beat that fails (the database is out) is
 * logged and the next one tries again: being listed must never stop a server or a worker.
 */
export function startHeartbeat(
  db: DbOrTx,
  instance: InstanceIdentity,
  log: (line: string) => void = (line) => componentLogger("instances").info(line),
): Heartbeat {
  let failing = false;
  const beat = () =>
    recordHeartbeat(db, instance).then(
      () => (failing = false),
      (error: unknown) => {
        if (!failing) log(`heartbeat of ${instance.id} failed, trying again every ${HEARTBEAT_INTERVAL_MS / 1000} s: ${(error as Error).message}`);
        failing = true;
      },
    );
  let last = beat();
  const timer = setInterval(() => (last = beat()), HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await last;
      await forgetInstance(db, instance.id).catch(() => {});
    },
  };
}
