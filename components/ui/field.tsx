import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { cx } from "./cx";

// 16px below sm: iOS Safari zooms into a focused control whose text is smaller, and stays zoomed after.
const control =
  "block w-full rounded-lg border-0 bg-white px-3 py-2 text-base text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:outline-none sm:text-sm";

/** The look of every text input, select and textarea; `extra` adds width, margin and the like. */
export function controlClasses(invalid = false, extra?: string) {
  return cx(control, invalid ? "ring-red-400 focus:ring-red-500" : "ring-slate-300 focus:ring-brand-500", extra);
}

/** A control in a filter bar: one fixed height, so that searches, selects and date pickers line up. */
export function filterControlClasses(extra?: string) {
  return controlClasses(false, cx("h-10 sm:h-9", extra));
}

interface FieldFrame {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

function Frame({ id, label, error, hint, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ id, label, error, hint, className, ...props }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={cx(controlClasses(Boolean(error)), className)}
        {...props}
      />
    </Frame>
  );
}

/** A multi-line input; monospaced unless `mono={false}` (for prose such as chat messages). */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  className,
  mono = true,
  ...props
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement> & { mono?: boolean }) {
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={cx(controlClasses(Boolean(error)), mono && "font-mono", className)}
        {...props}
      />
    </Frame>
  );
}
