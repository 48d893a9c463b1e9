import type { Claim } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";

/** A resolved claim's outcome in the reseller's words; null while it is open. */
export function outcomeText(claim: Pick<Claim, "status" | "refundAmount" | "resolutionNote">): string | null {
  const note = claim.resolutionNote ? ` ${claim.resolutionNote}` : "";
  switch (claim.status) {
    case "replaced":
      return `We replaced the code: the new one is in the order's delivery.${note}`;
    case "refunded":
      return `We refunded ${formatMoney(claim.refundAmount ?? 0n)} USD to your balance.${note}`;
    case "rejected":
      return `Rejected:${note}`;
    default:
      return null;
  }
}
