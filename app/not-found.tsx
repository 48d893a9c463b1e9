/* eslint-disable @next/next/no-html-link-for-pages -- see below: next/link here would weigh on every page */
import { BrandMark } from "@/components/panel/brand-mark";
import { buttonClasses } from "@/components/ui/button";

/**
 * A path no page serves: the panel's look and a way in, where Next's own page had neither. Plain
 * anchors, not next/link: every page of the app loads the root not-found's client code, and the
 * link's would add 3.3 kB to each.
 */
export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10 text-center">
      <a href="/" className="mb-8 flex items-center gap-2 rounded-md text-slate-900">
        <BrandMark />
      </a>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-500">No page has this address. It may be mistyped, or the page has moved.</p>
      <a href="/" className={buttonClasses("secondary", "md", "mt-6")}>
        Go to the panel
      </a>
    </main>
  );
}
