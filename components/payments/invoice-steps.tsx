import { cx } from "@/components/ui/cx";
import type { PaymentStatus } from "@/lib/db/schema";

type StepState = "done" | "current" | "attention" | "failed" | "upcoming";

interface Step {
  label: string;
  state: StepState;
}

/**
 * pending → confirming → paid. A partial payment and an expiry take the last step's place, so the
 * reseller sees where the invoice stopped.
 */
export function invoiceSteps(status: PaymentStatus, received: boolean): Step[] {
  const sent: Step = { label: "Send USDT", state: "done" };
  const confirmed: Step = { label: "Confirming", state: "done" };
  switch (status) {
    case "pending":
      return [
        { ...sent, state: "current" },
        { ...confirmed, state: "upcoming" },
        { label: "Paid", state: "upcoming" },
      ];
    case "confirming":
      return [sent, { ...confirmed, state: "current" }, { label: "Paid", state: "upcoming" }];
    case "partially_paid":
      return [sent, confirmed, { label: "Partially paid", state: "attention" }];
    case "paid":
      return [sent, confirmed, { label: "Paid", state: "done" }];
    case "expired":
      return received
        ? [sent, confirmed, { label: "Expired", state: "failed" }]
        : [
            { ...sent, state: "upcoming" },
            { ...confirmed, state: "upcoming" },
            { label: "Expired", state: "failed" },
          ];
  }
}

const circles: Record<StepState, string> = {
  done: "bg-brand-600 text-white",
  current: "bg-white text-brand-700 ring-2 ring-brand-600",
  attention: "bg-amber-500 text-white",
  failed: "bg-red-600 text-white",
  upcoming: "bg-white text-slate-500 ring-2 ring-slate-200",
};

const stateWords: Record<StepState, string> = { done: "done", current: "in progress", attention: "needs more", failed: "stopped", upcoming: "not yet" };

function Mark({ state, index }: { state: StepState; index: number }) {
  const path = state === "done" ? "M5 12.5l4.5 4.5L19 7.5" : state === "failed" ? "M7 7l10 10M17 7L7 17" : state === "attention" ? "M12 6v8m0 4v.01" : null;
  if (!path) return <>{index + 1}</>;
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="h-4 w-4"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

/** The invoice's progress as three steps joined by a line. */
export function InvoiceSteps({ steps }: { steps: Step[] }) {
  return (
    <ol className="flex items-start" aria-label="Invoice progress" data-testid="invoice-steps">
      {steps.map((step, index) => (
        <li
          key={index}
          className="relative flex flex-1 flex-col items-center text-center"
          aria-current={step.state === "current" ? "step" : undefined}
          data-state={step.state}
        >
          {index > 0 ? (
            <span
              aria-hidden="true"
              className={cx(
                "absolute top-4 right-1/2 -left-1/2 h-0.5 -translate-y-1/2",
                step.state === "upcoming" || step.state === "failed" ? "bg-slate-200" : "bg-brand-600",
              )}
            />
          ) : null}
          <span className={cx("relative z-10 flex h-8 w-8 items-center justify-center rounded-full text-sm font-semibold", circles[step.state])}>
            <Mark state={step.state} index={index} />
          </span>
          <span className={cx("mt-2 px-1 text-xs font-medium sm:text-sm", step.state === "upcoming" ? "text-slate-500" : "text-slate-900")}>
            {step.label}
            <span className="sr-only">: {stateWords[step.state]}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
