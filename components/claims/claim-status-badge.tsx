import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ClaimStatus } from "@/lib/db/schema";

const LABELS: Record<ClaimStatus, { label: string; tone: BadgeTone }> = {
  open: { label: "Open", tone: "amber" },
  in_review: { label: "In review", tone: "blue" },
  replacing: { label: "Replacing", tone: "blue" },
  replaced: { label: "Replaced", tone: "green" },
  refunded: { label: "Refunded", tone: "green" },
  rejected: { label: "Rejected", tone: "red" },
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { label, tone } = LABELS[status];
  return (
    <span data-testid="claim-status" data-status={status}>
      <Badge tone={tone}>{label}</Badge>
    </span>
  );
}

export const CLAIM_REASON_LABELS = {
  code_invalid: "The code is invalid",
  code_already_used: "The code was already used",
  wrong_region: "Wrong region",
  not_received: "Not received",
  other: "Something else",
} as const;
