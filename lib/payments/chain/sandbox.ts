import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, lte, max } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { depositAddresses, sandboxChainTransfers, users } from "@/lib/db/schema";
import { notFound, validationError } from "@/lib/errors/app-error";
import type { ChainReader } from "./chain-reader";

/** A fixed, valid-looking sender for sandbox transfers (the USDT treasury's public address). */
export const SANDBOX_SENDER = "TKHuVq1oKVruCGLvqVexFs6dawKv6fQgFs";

export type SandboxTransfer = typeof sandboxChainTransfers.$inferSelect;

/** The sandbox chain, read through the same interface and code path as TronGrid. */
export function sandboxReader(db: DbOrTx): ChainReader {
  return {
    source: "sandbox",
    async incomingTransfers(address, contractAddress, minTimestampMs) {
      const rows = await db
        .select()
        .from(sandboxChainTransfers)
        .where(
          and(
            eq(sandboxChainTransfers.toAddress, address),
            eq(sandboxChainTransfers.contractAddress, contractAddress),
            gte(sandboxChainTransfers.blockTimestamp, new Date(minTimestampMs)),
          ),
        )
        .orderBy(asc(sandboxChainTransfers.blockTimestamp));
      return rows.map((row) => ({
        txHash: row.txHash,
        type: "Transfer",
        contractAddress: row.contractAddress,
        decimals: 6,
        from: row.fromAddress,
        to: row.toAddress,
        value: row.value,
        blockTimestampMs: row.blockTimestamp.getTime(),
      }));
    },
    async solidifiedTimestampMs() {
      const [row] = await db
        .select({ at: max(sandboxChainTransfers.blockTimestamp) })
        .from(sandboxChainTransfers)
        .where(eq(sandboxChainTransfers.final, true));
      return row?.at ? new Date(row.at).getTime() : 0;
    },
  };
}

export interface SendSandboxTransferInput {
  userId: string;
  /** Micro-dollars (USDT base units). */
  amount: bigint;
  final: boolean;
  contractAddress: string;
  sentBy: string | null;
}

/** An admin's sandbox transfer to a reseller's deposit address, optionally final at once (with every earlier block). */
export async function sendSandboxTransfer(db: DbOrTx, input: SendSandboxTransferInput): Promise<SandboxTransfer> {
  if (input.amount <= 0n) throw validationError([{ path: "amount", message: "Send a positive amount." }]);
  const [target] = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .innerJoin(users, eq(users.id, depositAddresses.userId))
    .where(eq(depositAddresses.userId, input.userId));
  if (!target) throw notFound("Deposit address");
  const [transfer] = await db
    .insert(sandboxChainTransfers)
    .values({
      txHash: randomBytes(32).toString("hex"),
      fromAddress: SANDBOX_SENDER,
      toAddress: target.address,
      contractAddress: input.contractAddress,
      value: input.amount,
      blockTimestamp: new Date(),
      final: input.final,
      sentBy: input.sentBy,
    })
    .returning();
  if (input.final) await finalizeUpTo(db, transfer.blockTimestamp);
  return transfer;
}

/** Solidifies the transfer's block, and with it every earlier block, as the real chain does. */
export async function finalizeSandboxTransfer(db: DbOrTx, txHash: string): Promise<SandboxTransfer> {
  const [row] = await db.select().from(sandboxChainTransfers).where(eq(sandboxChainTransfers.txHash, txHash));
  if (!row) throw notFound("Sandbox transfer");
  await finalizeUpTo(db, row.blockTimestamp);
  return { ...row, final: true };
}

async function finalizeUpTo(db: DbOrTx, blockTimestamp: Date): Promise<void> {
  await db.update(sandboxChainTransfers).set({ final: true }).where(lte(sandboxChainTransfers.blockTimestamp, blockTimestamp));
}

export async function listSandboxTransfers(db: DbOrTx, limit = 50): Promise<SandboxTransfer[]> {
  return db.select().from(sandboxChainTransfers).orderBy(desc(sandboxChainTransfers.createdAt)).limit(limit);
}
