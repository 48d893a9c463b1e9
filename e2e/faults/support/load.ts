/*
 * A bounded mixed load as a good client sends it: orders of the stock gift card and of the
 * sandbox-supplier top-up, each with an Idempotency-Key and retried with the same key when the answer
 * says it may be (or the connection failed), the order read back, and catalog calls, from a few
 * resellers over keep-alive connections. A refused connection is retried on the other instance, as
 * a load balancer would; everything else is counted as the client saw it.
 */
import { randomBytes, randomInt } from "node:crypto";
import type { Agent } from "node:http";
import { call, keepAliveAgent, type Call, type CallOutcome } from "./api-client";
import { sleep } from "./children";
import { FAULT_SKUS, type PreparedReseller } from "./shape-data";

export interface Target {
  name: string;
  base: string;
  agent: Agent;
}

export const target = (name: string, base: string): Target => ({ name, base, agent: keepAliveAgent() });

export class LoadStats {
  sent = 0;
  byStatus = new Map<number, number>();
  refused = 0;
  drops = 0;
  timeouts = 0;
  /** Error answers without the JSON error body (or its X-Request-Id). */
  unclean = 0;
  maxLatencyMs = 0;
  ordersMade = 0;
  /** Orders given up on after every retry. */
  ordersAbandoned = 0;
  examples: string[] = [];

  record(where: Target, what: string, outcome: CallOutcome): void {
    this.sent++;
    this.maxLatencyMs = Math.max(this.maxLatencyMs, outcome.ms);
    const note = (line: string) => {
      if (this.examples.length < 12) this.examples.push(`${where.name} ${what}: ${line}`);
    };
    if (outcome.kind === "answer") {
      this.byStatus.set(outcome.status, (this.byStatus.get(outcome.status) ?? 0) + 1);
      if (!outcome.clean) {
        this.unclean++;
        note(`${outcome.status} without the JSON error body: ${JSON.stringify(outcome.body).slice(0, 200)}`);
      }
    } else if (outcome.kind === "refused") this.refused++;
    else if (outcome.kind === "drop") {
      this.drops++;
      note(`connection closed without an answer after ${outcome.ms} ms (${outcome.error})`);
    } else {
      this.timeouts++;
      note(`no answer within ${outcome.ms} ms`);
    }
  }

  /** Requests that got no answer at all: the failures every fault must leave at 0. */
  unanswered(): number {
    return this.drops + this.timeouts;
  }

  add(other: LoadStats): void {
    this.sent += other.sent;
    for (const [status, n] of other.byStatus) this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + n);
    this.refused += other.refused;
    this.drops += other.drops;
    this.timeouts += other.timeouts;
    this.unclean += other.unclean;
    this.maxLatencyMs = Math.max(this.maxLatencyMs, other.maxLatencyMs);
    this.ordersMade += other.ordersMade;
    this.ordersAbandoned += other.ordersAbandoned;
    this.examples.push(...other.examples.slice(0, Math.max(0, 12 - this.examples.length)));
  }

  summary(): string {
    const statuses = [...this.byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ");
    return (
      `sent ${this.sent}, answered {${statuses}}, refused ${this.refused} (retried elsewhere), dropped ${this.drops}, ` +
      `timed out ${this.timeouts}, unclean errors ${this.unclean}, max latency ${this.maxLatencyMs} ms, ` +
      `orders made ${this.ordersMade}, given up ${this.ordersAbandoned}`
    );
  }
}

export interface LoadClient {
  reseller: PreparedReseller;
  /** Where it sends; a refused connection goes to the fallback. */
  primary: Target;
  fallback: Target;
}

export interface LoadOptions {
  clients: LoadClient[];
  stats: LoadStats;
  /** Pause between a client's rounds. */
  pauseMs: number;
  /** Share of orders that go to the sandbox supplier rather than stock. */
  supplierShare?: number;
}

/** A good client's patience: about 10 s of retries, longer than a database failover's blips. */
const MAX_TRIES = 8;
const backoffMs = (tries: number) => Math.min(250 * 2 ** (tries - 1), 2_000);

function retryable(outcome: CallOutcome): boolean {
  if (outcome.kind !== "answer") return true;
  const error = (outcome.body as { error?: { retryable?: boolean } } | null)?.error;
  return outcome.status === 429 || outcome.status >= 500 || error?.retryable === true;
}

async function send(client: LoadClient, stats: LoadStats, what: string, request: Call): Promise<CallOutcome> {
  const outcome = await call(client.primary.base, client.primary.agent, request);
  stats.record(client.primary, what, outcome);
  if (outcome.kind !== "refused") return outcome;
  const elsewhere = await call(client.fallback.base, client.fallback.agent, request);
  stats.record(client.fallback, what, elsewhere);
  return elsewhere;
}

/** Places one order as a good client does; the order's id, or null if every try failed. */
export async function placeOrder(client: LoadClient, stats: LoadStats, body: object): Promise<string | null> {
  const idempotencyKey = `faults-${randomBytes(8).toString("hex")}`;
  for (let tries = 1; tries <= MAX_TRIES; tries++) {
    const outcome = await send(client, stats, "POST /api/v2/order", {
      method: "POST",
      path: "/api/v2/order",
      apiKey: client.reseller.apiKey,
      body,
      headers: { "Idempotency-Key": idempotencyKey },
    });
    if (outcome.kind === "answer" && outcome.status < 300) {
      stats.ordersMade++;
      return (outcome.body as { order_id: string }).order_id;
    }
    if (!retryable(outcome)) break;
    const retryAfter = outcome.kind === "answer" ? Number(outcome.headers["retry-after"]) : NaN;
    await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, 3_000) : backoffMs(tries));
  }
  stats.ordersAbandoned++;
  return null;
}

export const stockOrder = (quantity = 1) => ({ sku: FAULT_SKUS.stock, quantity, fields: {} });
// A player id the sandbox supplier delivers to (one ending in 0000 would fail by its fixtures).
export const supplierOrder = () => ({ sku: FAULT_SKUS.supplier, quantity: 1, fields: { player_id: `${randomInt(100_000, 999_999)}7` } });

async function clientLoop(client: LoadClient, options: LoadOptions, stopped: () => boolean): Promise<void> {
  const { stats, pauseMs, supplierShare = 0.3 } = options;
  for (let round = 1; !stopped(); round++) {
    if (round % 4 === 0) {
      await send(client, stats, "GET /api/v2/catalog", { method: "GET", path: "/api/v2/catalog?limit=20", apiKey: client.reseller.apiKey });
    }
    const body = Math.random() < supplierShare ? supplierOrder() : stockOrder(1 + (round % 2));
    const orderId = await placeOrder(client, stats, body);
    if (orderId) await send(client, stats, "GET /api/v2/order/{id}", { method: "GET", path: `/api/v2/order/${orderId}`, apiKey: client.reseller.apiKey });
    await sleep(pauseMs);
  }
}

export interface RunningLoad {
  /** Lets every client finish the round it is in, then resolves. */
  stop(): Promise<void>;
}

export function startLoad(options: LoadOptions): RunningLoad {
  let stopped = false;
  const loops = options.clients.map((client) => clientLoop(client, options, () => stopped));
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
