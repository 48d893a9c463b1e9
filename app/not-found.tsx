/* eslint-disable @next/next/no-html-link-for-pages -- see below: next/link here would weigh on every page */
import { StandalonePage } from "@/components/panel/standalone-page";
import { buttonClasses } from "@/components/ui/button";

/**
 * A path no page serves: the panel's look and a way in, where Next's own page had neither. Plain
 * anchors, not next/link: every page of the app loads the root not-found's client code, and the
 * link's would add 3.3 kB to each.
 */
export default function NotFound() {
  return (
    <StandalonePage title="Page not found">
      <p className="mt-2 max-w-sm text-sm text-slate-500">No page has this address. It may be mistyped, or the page has moved.</p>
      <a href="/" className={buttonClasses("secondary", "md", "mt-6")}>
        Go to the panel
      </a>
    </StandalonePage>
  );
}
