"use client";

import { useState, type ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { Button, type ButtonVariant } from "./button";

/**
 * A two-step submit button for a destructive form: the first click asks, the second (the
 * confirm button, a real submit) does it; Cancel goes back.
 */
export function ConfirmButton({
  children,
  confirmLabel,
  question,
  variant = "danger",
}: {
  children: ReactNode;
  confirmLabel: string;
  question?: ReactNode;
  variant?: ButtonVariant;
}) {
  const [asking, setAsking] = useState(false);
  const { pending } = useFormStatus();
  if (!asking) {
    return (
      <Button variant={variant === "danger" ? "danger-outline" : "secondary"} size="sm" onClick={() => setAsking(true)}>
        {children}
      </Button>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {question ? <span className="text-sm text-slate-600">{question}</span> : null}
      <Button type="submit" variant={variant} size="sm" disabled={pending} autoFocus>
        {pending ? "Working…" : confirmLabel}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setAsking(false)} disabled={pending}>
        Cancel
      </Button>
    </span>
  );
}
