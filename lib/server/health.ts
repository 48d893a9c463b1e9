import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import { errorAnswer } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { targetPath } from "@/lib/http/url-path";
import { migrationState } from "@/lib/migrations/applied";
import type { RateLimitStore } from "@/lib/ratelimit/store";
import { sendAnswer } from "./node-web";
import { currentRequestId } from "@/lib/observability/request-context";

export const HEALTH_PATH = "/api/health";
/** The process answers: for a process manager deciding whether to restart it. */
export const LIVE_PATH = "/api/health/live";
/** The instance can take requests: for a balancer or an orchestrator deciding whether to send it any. */
export const READY_PATH = "/api/health/ready";
/** A load balancer's probe gives up after a few seconds; the answer must come before it does. */
const CHECK_TIMEOUT_MS = 2_000;

export interface HealthSources {
  db: Db;
  /** Null when no Redis is configured: the limits are counted in this process. */
  rateLimits: RateLimitStore | null;
  /** True once the instance has been told to stop: the balancer should send it nothing new. */
  stopping: () => boolean;
}

export interface Health {
  status: "ok" | "unavailable";
  stopping: boolean;
  database: "ok" | "unavailable";
  /** The API limits let calls through and sign-in refuses while Redis is out: degraded, not down. */
  rate_limits: "ok" | "in-process" | "unavailable";
}

function withinTimeout(check: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
  return Promise.race([
    check.then(
      () => true,
      () => false,
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

/** What a load balancer needs to know: whether this instance can serve, and why not. */
export async function checkHealth(sources: HealthSources): Promise<Health> {
  const [database, rateLimits] = await Promise.all([
    withinTimeout(sources.db.execute(sql`select 1`)),
    sources.rateLimits ? withinTimeout(sources.rateLimits.peek("health", 1, 1_000)) : Promise.resolve(null),
  ]);
  const stopping = sources.stopping();
  return {
    status: database && !stopping ? "ok" : "unavailable",
    stopping,
    database: database ? "ok" : "unavailable",
    rate_limits: rateLimits === null ? "in-process" : rateLimits ? "ok" : "unavailable",
  };
}

export interface Readiness {
  status: "ok" | "unavailable";
  stopping: boolean;
  database: "ok" | "unavailable";
  /** "unknown" while the database does not answer. */
  migrations: "applied" | "pending" | "unknown";
  /** The migrations of this build the database lacks. */
  pending_migrations: string[];
}

/** Whether this instance should get requests: its database answers and has its schema, and it is not stopping. */
export async function checkReadiness(sources: Pick<HealthSources, "db" | "stopping">): Promise<Readiness> {
  let state: Awaited<ReturnType<typeof migrationState>> | undefined;
  const database = await withinTimeout(migrationState(sources.db).then((read) => (state = read)));
  const stopping = sources.stopping();
  const migrations = !state ? "unknown" : state.pending.length > 0 ? "pending" : "applied";
  return {
    status: database && migrations === "applied" && !stopping ? "ok" : "unavailable",
    stopping,
    database: database ? "ok" : "unavailable",
    migrations,
    pending_migrations: state?.pending ?? [],
  };
}

const checks: Record<string, (sources: HealthSources) => Promise<{ status: "ok" | "unavailable" }>> = {
  [HEALTH_PATH]: checkHealth,
  [LIVE_PATH]: async () => ({ status: "ok" }),
  [READY_PATH]: checkReadiness,
};

/**
 * Answers the health probes for load balancers and process managers: `/api/health` (200 while the
 * instance can serve, 503 once its database is out of reach or it is stopping), `/api/health/live`
 * (200 while the process answers at all) and `/api/health/ready` (200 while its database answers with
 * every migration applied and it is not stopping). No key and no rate limit: a probe comes every few
 * seconds from the balancer's own address. False for any other path.
 */
export function answerHealth(req: IncomingMessage, res: ServerResponse, sources: HealthSources): boolean {
  const path = targetPath(req.url);
  const check = path !== null && Object.hasOwn(checks, path) ? checks[path] : undefined;
  if (!check) return false;
  const requestId = currentRequestId();
  if (req.method !== "GET" && req.method !== "HEAD") {
    const refusal = new AppError("method_not_allowed", `${path} does not take ${req.method}; it takes GET, HEAD.`, {}, { Allow: "GET, HEAD" });
    sendAnswer(res, errorAnswer(refusal, requestId));
    return true;
  }
  void check(sources).then((health) => {
    sendAnswer(res, { status: health.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store", "X-Request-Id": requestId }, body: health });
  });
  return true;
}
