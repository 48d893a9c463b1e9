import { z } from "zod";
import { ChainReadError, type ChainReader, type ChainRecord } from "./chain-reader";
import { componentLogger } from "@/lib/observability/logger";
import { inSpan, SpanKind } from "@/lib/observability/tracing";

const PAGE_LIMIT = 200;
/** Enough for 20 000 transfers in one scan; a longer history is read on from its last timestamp next scan. */
const MAX_PAGES = 100;
const REQUEST_TIMEOUT_MS = 10_000;

const recordSchema = z.object({
  transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  token_info: z.object({ address: z.string(), decimals: z.coerce.number().int() }),
  block_timestamp: z.number().int().nonnegative(),
  from: z.string(),
  to: z.string(),
  type: z.string(),
  value: z.string().regex(/^\d{1,30}$/),
});

const pageSchema = z.object({
  success: z.literal(true),
  data: z.array(z.unknown()),
  meta: z.object({ fingerprint: z.string().min(1).optional() }).optional(),
});

const nowBlockSchema = z.object({
  block_header: z.object({ raw_data: z.object({ timestamp: z.number().int().nonnegative() }) }),
});

export interface TronGridOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** The TronGrid HTTP API: /v1 account TRC-20 history and the solidity node's latest block. */
export function tronGridReader(options: TronGridOptions): ChainReader {
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const log = options.log ?? ((line: string) => componentLogger("chain-watcher").warn(line));

  /** Each call to TronGrid in a span of its own when traces are on; the URL's path names it, never the key. */
  function request(url: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
    return inSpan("chain request", { "url.path": new URL(url).pathname }, () => send(url, init, signal), { kind: SpanKind.CLIENT });
  }

  async function send(url: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { accept: "application/json", ...(options.apiKey ? { "TRON-PRO-API-KEY": options.apiKey } : {}), ...init.headers },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: "error",
      });
    } catch (error) {
      const timedOut = timeout.aborted;
      throw new ChainReadError(timedOut ? `TronGrid did not answer within ${timeoutMs} ms` : `TronGrid unreachable: ${(error as Error).message}`, true);
    }
    const text = await response.text().catch(() => "");
    if (response.status === 403 || response.status === 429 || response.status >= 500) {
      throw new ChainReadError(`TronGrid answered ${response.status}`, true, retryAfterMs(response.headers.get("retry-after")));
    }
    if (!response.ok) throw new ChainReadError(`TronGrid answered ${response.status}: ${text.slice(0, 200)}`, false);
    try {
      return JSON.parse(text);
    } catch {
      throw new ChainReadError("TronGrid answered with invalid JSON", false);
    }
  }

  return {
    source: "trongrid",

    async incomingTransfers(address, contractAddress, minTimestampMs, signal) {
      const records: ChainRecord[] = [];
      let fingerprint: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = new URLSearchParams({
          only_to: "true",
          only_confirmed: "true",
          contract_address: contractAddress,
          min_timestamp: String(Math.max(0, Math.floor(minTimestampMs))),
          limit: String(PAGE_LIMIT),
          order_by: "block_timestamp,asc",
        });
        if (fingerprint) query.set("fingerprint", fingerprint);
        const body = pageSchema.safeParse(await request(`${base}/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`, {}, signal));
        if (!body.success) throw new ChainReadError("TronGrid answered with an unexpected body", false);
        for (const item of body.data.data) {
          const parsed = recordSchema.safeParse(item);
          // One malformed record must not hide the others; it cannot be credited without its fields.
          if (!parsed.success) {
            log(`TronGrid record skipped, malformed: ${JSON.stringify(item).slice(0, 200)}`);
            continue;
          }
          const r = parsed.data;
          records.push({
            txHash: r.transaction_id.toLowerCase(),
            type: r.type,
            contractAddress: r.token_info.address,
            decimals: r.token_info.decimals,
            from: r.from,
            to: r.to,
            value: BigInt(r.value),
            blockTimestampMs: r.block_timestamp,
          });
        }
        fingerprint = body.data.meta?.fingerprint;
        if (!fingerprint || body.data.data.length === 0) break;
      }
      return records;
    },

    async solidifiedTimestampMs(signal) {
      const body = nowBlockSchema.safeParse(
        await request(`${base}/walletsolidity/getnowblock`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }, signal),
      );
      if (!body.success) throw new ChainReadError("TronGrid's solidified block had an unexpected body", false);
      return body.data.block_header.raw_data.timestamp;
    },
  };
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, 10 * 60_000) : undefined;
}
