import { apiHandler } from "@/lib/api/handler";
import { listTransactionsOp } from "@/lib/api/operations/account";
import { listLedgerEntries } from "@/lib/ledger/list-entries";
import { toTransactionRecord } from "@/lib/ledger/serialize";

// GET /api/v2/transactions - the calling reseller's transactions, newest first
export const GET = apiHandler(listTransactionsOp, async ({ db, caller, query }) => {
  const page = await listLedgerEntries(db, {
    userId: caller.userId,
    ...query,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  });
  return { data: page.data.map(toTransactionRecord), next_cursor: page.nextCursor };
});
