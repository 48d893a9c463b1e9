import type { ReactNode } from "react";
import { cx } from "./cx";

/**
 * A status as a coloured pill; `busy` adds a spinner for a status that is still being worked on (an
 * order processing, an invoice confirming). The test id and data-status let tests read the status.
 */
export function StatusPill({
  testId,
  status,
  tone,
  busy,
  size = "sm",
  children,
}: {
  testId: string;
  status: string;
  tone: string;
  busy: boolean;
  size?: "sm" | "md";
  children: ReactNode;
}) {
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={cx(
        "inline-flex items-center gap-1.5 rounded-md font-medium whitespace-nowrap ring-1 ring-inset",
        size === "md" ? "px-2.5 py-1 text-sm" : "px-2 py-0.5 text-xs",
        tone,
      )}
    >
      {busy ? (
        <svg viewBox="0 0 24 24" fill="none" className="h-3.5 w-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
          <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      ) : null}
      {children}
    </span>
  );
}
