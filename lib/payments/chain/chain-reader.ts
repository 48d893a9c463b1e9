/** A token transfer as the chain reports it, before our filters (contract, kind, recipient, dust). */
export interface ChainRecord {
  txHash: string;
  /** "Transfer", or another TRC-20 event such as "Approval". */
  type: string;
  contractAddress: string;
  decimals: number;
  from: string;
  to: string;
  /** In the token's base units. */
  value: bigint;
  blockTimestampMs: number;
}

export interface ChainReader {
  readonly source: "trongrid" | "sandbox";
  /** Incoming transfers of the contract to the address with block time at or after minTimestampMs, every page of them. */
  incomingTransfers(address: string, contractAddress: string, minTimestampMs: number, signal?: AbortSignal): Promise<ChainRecord[]>;
  /** The block time (ms) of the latest solidified block: a transfer at or before it is final. */
  solidifiedTimestampMs(signal?: AbortSignal): Promise<number>;
}

/**
 * A read that did not complete. `throttled` (403, 429, 5xx, a timeout) means the provider wants us to
 * slow down, so the rest of the scan waits; otherwise only this address's read failed.
 */
export class ChainReadError extends Error {
  constructor(
    message: string,
    readonly throttled: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ChainReadError";
  }
}
