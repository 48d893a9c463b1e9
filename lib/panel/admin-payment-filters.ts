import { PAYMENT_STATUSES, type ChainTransferStatus, type PaymentStatus } from "@/lib/db/schema";
import { firstCharacters } from "@/lib/text/characters";
import { dayRange, parseDay } from "./day-range";
import { searchParamOf, type SearchParams } from "./search-param";

export const TRANSFER_STATUSES = ["confirming", "credited"] as const satisfies readonly ChainTransferStatus[];

/** The admin payments page's tab and filters as its links and GET form send them, validated; anything odd is dropped. */
export type AdminPaymentFilterParams = {
  email?: string;
  /** Days (yyyy-mm-dd, UTC) that an invoice was created, or a transfer made on the chain, from and to. */
  from?: string;
  to?: string;
  cursor?: string;
} & ({ tab: "invoices"; status?: PaymentStatus } | { tab: "transfers"; status?: ChainTransferStatus });

export function parseAdminPaymentFilterParams(params: SearchParams): AdminPaymentFilterParams {
  const emailText = searchParamOf(params, "email");
  const email = emailText ? firstCharacters(emailText, 200) : undefined;
  const status = searchParamOf(params, "status");
  const cursorText = searchParamOf(params, "cursor");
  const days = { from: parseDay(searchParamOf(params, "from")), to: parseDay(searchParamOf(params, "to")) };
  if (searchParamOf(params, "tab") === "transfers") {
    const cursor = cursorText && /^trf_[0-9A-Za-z]{1,64}$/.test(cursorText) ? cursorText : undefined;
    return { tab: "transfers", status: TRANSFER_STATUSES.find((s) => s === status), email, ...days, cursor };
  }
  const cursor = cursorText && /^pay_[0-9A-Za-z]{1,64}$/.test(cursorText) ? cursorText : undefined;
  return { tab: "invoices", status: PAYMENT_STATUSES.find((s) => s === status), email, ...days, cursor };
}

/** The query string of the tab and filters shown, without the cursor: the page's links and its export share it. */
export function adminPaymentFilterQuery(params: AdminPaymentFilterParams): Record<string, string | undefined> {
  return { tab: params.tab === "transfers" ? "transfers" : undefined, status: params.status, email: params.email, from: params.from, to: params.to };
}

/** What the list functions take of the filters that invoices and transfers share; the status is each tab's own. */
export function adminPaymentListFilter(params: AdminPaymentFilterParams): { email?: string; from?: Date; to?: Date; cursor?: string } {
  return { email: params.email, ...dayRange(params), cursor: params.cursor };
}
