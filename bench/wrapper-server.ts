/*
 * Measures what the API wrapper (lib/api/handler.ts) costs on one route, GET /api/v2/order/{id}:
 * one plain node:http server, one process, one database pool, two paths.
 *
 *   /wrapped/{id}  the app's own route handler (apiHandler: request id, client IP, API key lookup,
 *                  rate limit, path validation, response shaping through the zod schema, headers),
 *                  observed as the app's server observes every request (lib/observability/request-observer.ts:
 *                  the access line at LOG_LEVEL, info by default, and the request metrics)
 *   /bare/{id}     the same domain call and serialisation (getOrder + toOrderRecord) with a fixed
 *                  caller, no rate limit and no validation
 *
 * Both read the node request as the app's server does (lib/server/node-web.ts toApiRequest) and write
 * their answer as it does (sendAnswer), so the difference between them is the wrapper's work and
 * nothing else.
 *
 *   DATABASE_URL=... ENCRYPTION_KEY=... RATE_LIMIT_MULTIPLIER=... BENCH_USER_ID=... PORT=... node --import tsx bench/wrapper-server.ts
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { GET as wrappedGetOrder } from "@/app/api/v2/order/[orderId]/route";
import type { ApiAnswer } from "@/lib/api/answer";
import { database, db } from "@/lib/db/client";
import { CLIENT_IP_HEADER, resolveClientIp } from "@/lib/http/client-ip";
import { getOrder } from "@/lib/orders/list-orders";
import { toOrderRecord } from "@/lib/orders/serialize";
import { EchoingResponse } from "@/lib/observability/echoing-response";
import { observeRequest } from "@/lib/observability/request-observer";
import { sendAnswer, toApiRequest } from "@/lib/server/node-web";

const { BENCH_USER_ID, PORT } = process.env;
if (!BENCH_USER_ID || !PORT) throw new Error("BENCH_USER_ID and PORT are required");
const userId = BENCH_USER_ID;

async function bare(orderId: string): Promise<ApiAnswer> {
  return { status: 200, headers: { "Cache-Control": "no-store" }, body: toOrderRecord(await getOrder(db(), userId, orderId)) };
}

const observed = { trustProxy: false, routeOf: () => "/api/v2/order/[orderId]" };

// The response class the app's server makes (lib/server/main.ts), which the observer echoes its headers through.
const server = createServer({ ServerResponse: EchoingResponse }, (req, res) => {
  if (req.url?.startsWith("/wrapped/")) observeRequest(req, res, observed, () => void serve(req, res));
  else void serve(req, res);
});

async function serve(req: IncomingMessage, res: ServerResponse) {
  try {
    req.headers[CLIENT_IP_HEADER] = resolveClientIp(req.socket.remoteAddress, req.headers["x-forwarded-for"], false);
    const request = toApiRequest(req, null);
    const path = new URL(request.url).pathname;
    let answer: ApiAnswer;
    if (path.startsWith("/wrapped/")) {
      answer = await wrappedGetOrder.answer(request, { params: Promise.resolve({ orderId: decodeURIComponent(path.slice("/wrapped/".length)) }) });
    } else if (path.startsWith("/bare/")) {
      answer = await bare(decodeURIComponent(path.slice("/bare/".length)));
    } else {
      answer = { status: 404, headers: {}, body: { error: "not found" } };
    }
    sendAnswer(res, answer);
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
  }
}
server.listen(Number(PORT), "127.0.0.1", () => console.log(`wrapper bench on http://127.0.0.1:${PORT}`));

const stop = () => {
  server.close();
  void database()
    .close()
    .finally(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
