import { buttonClasses } from "./button";
import { cx } from "./cx";
import { FilterPending } from "./filter-form";
import { PendingLink } from "./pending-link";

/**
 * The buttons at the end of a FilterForm: submit, spinning until the filtered page arrives, and, once
 * something is filtered, a link back to the whole list.
 */
export function FilterActions({
  submitLabel,
  clearHref,
  clearLabel = "Clear",
  className,
  submitClassName,
}: {
  submitLabel: string;
  /** Where "Clear" leads; null while nothing is filtered, which hides it. */
  clearHref: string | null;
  clearLabel?: string;
  className?: string;
  /** How the submit button grows on phones, where it fills the row. */
  submitClassName?: string;
}) {
  return (
    <div className={cx("flex gap-2", className)}>
      <button type="submit" className={buttonClasses("primary", "md", submitClassName)}>
        {submitLabel}
        <FilterPending />
      </button>
      {clearHref ? (
        <PendingLink href={clearHref} className={buttonClasses("ghost")}>
          {clearLabel}
        </PendingLink>
      ) : null}
    </div>
  );
}
