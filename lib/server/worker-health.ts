import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { errorAnswer } from "@/lib/api/errors";
import { AppError } from "@/lib/errors/app-error";
import { targetPath } from "@/lib/http/url-path";
import type { Worker } from "@/lib/jobs/worker";
import { sendAnswer } from "./node-web";

export const WORKER_HEALTH_PATH = "/health";
/**
 * A loop that has not turned for this long is stuck, not waiting: the longest a healthy loop sleeps is
 * its back-off while the database is out (30 s), and a claim answers well within the rest.
 */
export const DEFAULT_STALL_AFTER_MS = 90_000;

export interface WorkerHealth {
  status: "ok" | "stalled";
  worker_id: string;
  /** Seconds since the worker's least recent polling loop last turned. */
  last_turn_seconds_ago: number;
  stall_after_seconds: number;
}

export function checkWorkerHealth(worker: Pick<Worker, "workerId" | "lastTurnAt">, stallAfterMs: number, now = Date.now()): WorkerHealth {
  const sinceTurn = Math.max(0, now - worker.lastTurnAt());
  return {
    status: sinceTurn > stallAfterMs ? "stalled" : "ok",
    worker_id: worker.workerId,
    last_turn_seconds_ago: Math.floor(sinceTurn / 1000),
    stall_after_seconds: stallAfterMs / 1000,
  };
}

function answer(req: IncomingMessage, res: ServerResponse, worker: Pick<Worker, "workerId" | "lastTurnAt">, stallAfterMs: number): void {
  const requestId = randomUUID();
  const path = targetPath(req.url);
  if (path !== WORKER_HEALTH_PATH) {
    sendAnswer(res, errorAnswer(new AppError("not_found", `The worker answers ${WORKER_HEALTH_PATH} only.`), requestId));
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    const refusal = new AppError("method_not_allowed", `${path} does not take ${req.method}; it takes GET, HEAD.`, {}, { Allow: "GET, HEAD" });
    sendAnswer(res, errorAnswer(refusal, requestId));
    return;
  }
  const health = checkWorkerHealth(worker, stallAfterMs);
  sendAnswer(res, { status: health.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store", "X-Request-Id": requestId }, body: health });
}

/**
 * The health endpoint of an `npm run worker` process, for its process manager: `GET /health` is 200
 * while every polling loop keeps turning and 503 once one has stalled, so that a stuck worker is restarted.
 */
export async function startWorkerHealth(options: {
  worker: Pick<Worker, "workerId" | "lastTurnAt">;
  port: number;
  host?: string;
  stallAfterMs?: number;
}): Promise<Server> {
  const { worker, port, host, stallAfterMs = DEFAULT_STALL_AFTER_MS } = options;
  const server = createServer((req, res) => answer(req, res, worker, stallAfterMs));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
