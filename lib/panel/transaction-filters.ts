import { LEDGER_ENTRY_TYPES, type LedgerEntryType } from "@/lib/db/schema";
import { dayRange, parseDay } from "./day-range";
import { searchParamOf, type SearchParams } from "./search-param";

/** The transaction-list filters as the balance page's links and form send them, validated; anything odd is dropped. */
export interface TransactionFilterParams {
  type?: LedgerEntryType;
  /** yyyy-mm-dd, as typed in the form. */
  from?: string;
  to?: string;
  cursor?: string;
}

export function parseTransactionFilterParams(params: SearchParams): TransactionFilterParams {
  const cursor = searchParamOf(params, "cursor");
  return {
    type: LEDGER_ENTRY_TYPES.find((t) => t === searchParamOf(params, "type")),
    from: parseDay(searchParamOf(params, "from")),
    to: parseDay(searchParamOf(params, "to")),
    cursor: cursor && /^txn_[0-9A-Za-z]{1,64}$/.test(cursor) ? cursor : undefined,
  };
}

/** The listLedgerEntries filter of these params. */
export function transactionFilterOf(params: TransactionFilterParams) {
  return { type: params.type, ...dayRange(params), cursor: params.cursor };
}
