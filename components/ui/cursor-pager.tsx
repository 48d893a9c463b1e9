import { buttonClasses } from "./button";
import { PendingLink } from "./pending-link";

/** "← Newest" / "Older →" under a cursor-paginated list; renders nothing on a single page. */
export function CursorPager({ newestHref, olderHref }: { newestHref: string | null; olderHref: string | null }) {
  if (!newestHref && !olderHref) return null;
  return (
    <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 sm:px-6">
      {newestHref ? (
        <PendingLink href={newestHref} className={buttonClasses("ghost", "sm")}>
          ← Newest
        </PendingLink>
      ) : (
        <span />
      )}
      {olderHref ? (
        <PendingLink href={olderHref} className={buttonClasses("secondary", "sm")}>
          Older →
        </PendingLink>
      ) : null}
    </div>
  );
}
