import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { PendingLink } from "@/components/ui/pending-link";
import { formatMoney } from "@/lib/money/money";

/**
 * A purchase confirmation's figures: the charge, the balance now and after, and, when the balance falls
 * short, by how much with a way to top up. The test ids are `<testIds>-total`, `-balance` and
 * `-balance-after`.
 */
export function ChargeSummary({ label, total, balance, what, testIds }: { label: ReactNode; total: bigint; balance: bigint; what: string; testIds: string }) {
  const after = balance - total;
  const short = after < 0n;
  return (
    <>
      <dl className="mt-2 space-y-1 text-sm tabular-nums">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-semibold text-slate-900" data-testid={`${testIds}-total`}>
            {formatMoney(total)} USD
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Current balance</dt>
          <dd className="text-slate-900" data-testid={`${testIds}-balance`}>
            {formatMoney(balance)} USD
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-amber-200 pt-1">
          <dt className="text-slate-600">Balance after</dt>
          <dd className={short ? "font-semibold text-red-600" : "font-semibold text-slate-900"} data-testid={`${testIds}-balance-after`}>
            {formatMoney(after)} USD
          </dd>
        </div>
      </dl>
      {short ? (
        <Alert tone="error" className="mt-3">
          Your balance is {formatMoney(-after)} USD short of {what}.{" "}
          <PendingLink href="/topup" className="font-semibold underline">
            Top up
          </PendingLink>
        </Alert>
      ) : null}
    </>
  );
}
