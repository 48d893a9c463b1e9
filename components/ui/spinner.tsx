import { cx } from "./cx";

/** A small ring turning in the colour of the text beside it, announced as "Loading". */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      role="status"
      aria-label="Loading"
      className={cx(
        "inline-block h-3.5 w-3.5 shrink-0 animate-spin self-center rounded-full border-2 border-current border-r-transparent align-[-0.125em]",
        className,
      )}
    />
  );
}
