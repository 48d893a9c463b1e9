import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A TRC-20 history record exactly as TronGrid's /v1/accounts/{address}/transactions/trc20 lists it. */
export interface TronGridRecord {
  transaction_id: string;
  token_info: { symbol: string; address: string; decimals: number; name: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: string;
  value: string;
}

/** "ok" answers normally, so that a later request in the same scan is the one that fails. */
export type Fault = { status: number; retryAfter?: string } | "timeout" | "invalid-json" | "ok";

export interface FakeTronGrid {
  url: string;
  /** Every request's path and query, in order. */
  requests: { path: string; query: URLSearchParams; apiKey: string | undefined }[];
  /** Adds a record to the chain; defaults make it a USDT Transfer from a fixed sender. */
  addTransfer(input: Partial<TronGridRecord> & { to: string; value: string; block_timestamp: number }): TronGridRecord;
  /** The latest solidified block's timestamp (ms). */
  solidifiedAt: number;
  /** The next history requests (one per entry) answer with these faults instead. */
  historyFaults: Fault[];
  nowBlockFaults: Fault[];
  /** Answer every record of the address, whatever contract_address and only_to ask: a provider that filters less than asked. */
  ignoreFilters: boolean;
  /** Forgets the chain, the faults and the requests. */
  reset(): void;
  close(): Promise<void>;
}

export const MAINNET_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const SENDER = "TKHuVq1oKVruCGLvqVexFs6dawKv6fQgFs";

/**
 * A TronGrid stand-in over real HTTP for the watcher's tests: the real paths, parameters, pagination
 * by fingerprint and response shapes, with faults to inject.
 */
export async function startFakeTronGrid(): Promise<FakeTronGrid> {
  const records: TronGridRecord[] = [];
  const hanging = new Set<ServerResponse>();
  const fake: FakeTronGrid = {
    url: "",
    requests: [],
    solidifiedAt: 0,
    historyFaults: [],
    nowBlockFaults: [],
    ignoreFilters: false,
    addTransfer(input) {
      const record: TronGridRecord = {
        transaction_id: randomBytes(32).toString("hex"),
        token_info: { symbol: "USDT", address: MAINNET_USDT, decimals: 6, name: "Tether USD" },
        from: SENDER,
        type: "Transfer",
        ...input,
      };
      records.push(record);
      return record;
    },
    reset() {
      records.length = 0;
      fake.requests = [];
      fake.historyFaults = [];
      fake.nowBlockFaults = [];
      fake.ignoreFilters = false;
      fake.solidifiedAt = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function fault(res: ServerResponse, f: Exclude<Fault, "ok">): void {
    if (f === "timeout") {
      hanging.add(res);
      return;
    }
    if (f === "invalid-json") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"data": [ {"transaction_id": ');
      return;
    }
    res.writeHead(f.status, { "content-type": "application/json", ...(f.retryAfter ? { "retry-after": f.retryAfter } : {}) });
    res.end(JSON.stringify({ Error: f.status === 429 ? "request rate exceeded the allowed_rps(15)" : "service unavailable" }));
  }

  function history(req: IncomingMessage, res: ServerResponse, address: string, query: URLSearchParams): void {
    const pending = fake.historyFaults.shift();
    if (pending && pending !== "ok") return fault(res, pending);
    const onlyTo = query.get("only_to") === "true" && !fake.ignoreFilters;
    const contract = fake.ignoreFilters ? null : query.get("contract_address");
    const minTimestamp = Number(query.get("min_timestamp") ?? 0);
    const limit = Math.min(Number(query.get("limit") ?? 20), 200);
    const ascending = query.get("order_by") === "block_timestamp,asc";
    const matching = records
      .filter((r) => (onlyTo ? r.to === address : r.to === address || r.from === address))
      .filter((r) => !contract || r.token_info.address === contract)
      .filter((r) => r.block_timestamp >= minTimestamp)
      .sort((a, b) => (ascending ? a.block_timestamp - b.block_timestamp : b.block_timestamp - a.block_timestamp));
    const offset = query.get("fingerprint") ? Number(Buffer.from(query.get("fingerprint")!, "base64url").toString()) : 0;
    const page = matching.slice(offset, offset + limit);
    const more = offset + limit < matching.length;
    const fingerprint = more ? Buffer.from(String(offset + limit)).toString("base64url") : undefined;
    const next = new URLSearchParams(query);
    if (fingerprint) next.set("fingerprint", fingerprint);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        data: page,
        success: true,
        meta: {
          at: Date.now(),
          page_size: page.length,
          ...(fingerprint ? { fingerprint, links: { next: `${fake.url}${req.url?.split("?")[0]}?${next}` } } : {}),
        },
      }),
    );
  }

  function nowBlock(res: ServerResponse): void {
    const pending = fake.nowBlockFaults.shift();
    if (pending && pending !== "ok") return fault(res, pending);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        blockID: randomBytes(32).toString("hex"),
        block_header: {
          raw_data: {
            number: 60_000_000,
            txTrieRoot: "00".repeat(32),
            witness_address: "41" + "00".repeat(20),
            parentHash: "00".repeat(32),
            version: 30,
            timestamp: fake.solidifiedAt,
          },
          witness_signature: "00".repeat(65),
        },
      }),
    );
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    fake.requests.push({ path: url.pathname, query: url.searchParams, apiKey: req.headers["tron-pro-api-key"] as string | undefined });
    const match = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (req.method === "GET" && match) return history(req, res, decodeURIComponent(match[1]), url.searchParams);
    if (req.method === "POST" && url.pathname === "/walletsolidity/getnowblock") {
      req.resume();
      return req.on("end", () => nowBlock(res));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
