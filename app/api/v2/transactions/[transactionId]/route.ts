import { apiHandler } from "@/lib/api/handler";
import { getTransactionOp } from "@/lib/api/operations/account";
import { getLedgerEntry } from "@/lib/ledger/list-entries";
import { toTransactionRecord } from "@/lib/ledger/serialize";

// GET /api/v2/transactions/{transactionId} - one transaction of the caller
export const GET = apiHandler(getTransactionOp, async ({ db, caller, params }) =>
  toTransactionRecord(await getLedgerEntry(db, caller.userId, params.transactionId)),
);
