/*
 * One API call over a keep-alive connection, told apart by what a client sees: an answer (with its
 * status, and whether an error answer was the clean JSON error body), a refused connection, a
 * connection closed without an answer (a drop), or no answer within the client's timeout.
 */
import { Agent, request } from "node:http";

/** A client gives up after this long; the suite counts such a request as hung. */
export const CLIENT_TIMEOUT_MS = 30_000;

export type CallOutcome =
  | { kind: "answer"; status: number; ms: number; body: unknown; clean: boolean; headers: Record<string, string | string[] | undefined> }
  | { kind: "refused"; ms: number }
  | { kind: "drop"; ms: number; error: string }
  | { kind: "timeout"; ms: number };

export interface Call {
  method: "GET" | "POST" | "PUT";
  path: string;
  apiKey?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One pool of keep-alive connections per instance, as a client library or a balancer keeps. */
export const keepAliveAgent = () => new Agent({ keepAlive: true, maxSockets: 16 });

function cleanError(status: number, body: unknown, headers: Record<string, string | string[] | undefined>): boolean {
  if (status < 400) return true;
  const error = (body as { error?: { code?: unknown; retryable?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.retryable === "boolean" && typeof headers["x-request-id"] === "string";
}

export function call(base: string, agent: Agent, { method, path, apiKey, body, headers }: Call): Promise<CallOutcome> {
  const started = Date.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: CallOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = request(`${base}${path}`, {
      method,
      agent,
      headers: {
        ...(apiKey ? { "X-API-Key": apiKey } : {}),
        ...(payload ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) } : {}),
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      finish({ kind: "timeout", ms: Date.now() - started });
      req.destroy();
    }, CLIENT_TIMEOUT_MS);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", (error) => finish({ kind: "drop", ms: Date.now() - started, error: `response cut: ${error.message}` }));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = text;
        }
        const status = res.statusCode ?? 0;
        finish({ kind: "answer", status, ms: Date.now() - started, body: parsed, clean: cleanError(status, parsed, res.headers), headers: res.headers });
      });
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      const ms = Date.now() - started;
      finish(error.code === "ECONNREFUSED" ? { kind: "refused", ms } : { kind: "drop", ms, error: `${error.code ?? ""} ${error.message}`.trim() });
    });
    req.end(payload);
  });
}
