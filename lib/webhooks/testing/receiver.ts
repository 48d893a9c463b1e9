import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A real HTTP receiver for the webhook tests, written the way an integrator would write one: it
 * checks signatures with node:crypto directly, not with the project's signing code.
 */

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  /** performance-style clock (ms) when the request had fully arrived. */
  at: number;
  path: string;
}

export interface Reply {
  status: number;
  body?: string;
  /** Answer only after this long. */
  delayMs?: number;
}

export type Responder = (request: ReceivedRequest, index: number) => Reply;

export interface TestReceiver {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** Connections accepted so far (a refused destination must leave this at zero). */
  connections(): number;
  respond: Responder;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(respond: Responder = () => ({ status: 200, body: "ok" })): Promise<TestReceiver> {
  let connections = 0;
  const received: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  const receiver: TestReceiver = {
    url: "",
    port: 0,
    received,
    connections: () => connections,
    respond,
    waitFor(count, timeoutMs = 15_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the receiver got ${received.length} of ${count} requests in ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: ReceivedRequest = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: performance.now(), path: req.url ?? "/" };
      const index = received.push(request) - 1;
      for (const waiter of [...waiters]) waiter();
      const reply = receiver.respond(request, index);
      const send = () => {
        if (!res.destroyed) res.writeHead(reply.status, { "Content-Type": "text/plain" }).end(reply.body ?? "");
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/webhooks`;
  return receiver;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** X-Webhook-Signature as the receiver checks it: sha256=<hex HMAC of the raw body, keyed with the secret>. */
export function verifyBodySignature(secret: string, rawBody: string, header: string | string[] | undefined): boolean {
  if (typeof header !== "string") return false;
  return safeEqual(`sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`, header);
}

/** webhook-signature as Standard Webhooks receivers check it (key = base64 after whsec_). */
export function verifyStandardSignature(secret: string, rawBody: string, headers: IncomingHttpHeaders): boolean {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signature = headers["webhook-signature"];
  if (typeof id !== "string" || typeof timestamp !== "string" || typeof signature !== "string") return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${rawBody}`).digest("base64")}`;
  return signature.split(" ").some((candidate) => safeEqual(expected, candidate));
}

/** Both signatures of one received request. */
export function verifiedWith(secret: string, request: ReceivedRequest): boolean {
  return verifyBodySignature(secret, request.body, request.headers["x-webhook-signature"]) && verifyStandardSignature(secret, request.body, request.headers);
}
