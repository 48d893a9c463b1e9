import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { errorAnswer } from "@/lib/api/errors";
import { AppError } from "@/lib/errors/app-error";
import { targetPath } from "@/lib/http/url-path";
import { sendAnswer } from "./node-web";
import { componentLogger } from "@/lib/observability/logger";
import { metrics } from "@/lib/observability/metrics";
import { currentRequestId } from "@/lib/observability/request-context";

export const METRICS_PATH = "/metrics";

function tokenMatches(given: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const actual = Buffer.from(given ?? "");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

async function sendMetrics(res: ServerResponse): Promise<void> {
  try {
    const { registry } = metrics();
    const text = await registry.metrics();
    res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(text);
  } catch (error) {
    componentLogger("metrics").error({ err: error }, "the metrics could not be collected");
    sendAnswer(res, errorAnswer(new AppError("service_unavailable", "The metrics could not be collected; see the log."), currentRequestId()));
  }
}

/**
 * Answers `GET /metrics` on the app's own port when METRICS_TOKEN is set, to a scraper that sends it as
 * `Authorization: Bearer <token>`. False when it is not this path, or no token is set (then the path is
 * Next's, a 404): the figures say how much business goes through, which is nobody else's to read.
 */
export function answerMetrics(req: IncomingMessage, res: ServerResponse, token: string | undefined): boolean {
  if (!token || targetPath(req.url) !== METRICS_PATH) return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    sendAnswer(res, errorAnswer(new AppError("method_not_allowed", `${METRICS_PATH} takes GET, HEAD.`, {}, { Allow: "GET, HEAD" }), currentRequestId()));
    return true;
  }
  if (!tokenMatches(req.headers.authorization, token)) {
    const refusal = new AppError(
      "unauthenticated",
      "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.",
      {},
      { "WWW-Authenticate": 'Bearer realm="metrics"' },
    );
    sendAnswer(res, errorAnswer(refusal, currentRequestId()));
    return true;
  }
  void sendMetrics(res);
  return true;
}

/**
 * Serves `/metrics` alone, without a token, on a port of its own (METRICS_PORT): one that only the
 * scraper's network reaches, for an instance or a worker.
 */
export function serveMetricsPort(port: number, host: string | undefined): Promise<Server> {
  const server = createServer((req, res) => {
    if (targetPath(req.url) === METRICS_PATH && (req.method === "GET" || req.method === "HEAD")) {
      void sendMetrics(res);
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end(`Only GET ${METRICS_PATH} is served on this port.\n`);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
