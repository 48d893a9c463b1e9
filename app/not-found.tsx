import Link from "next/link";
import { Brand } from "@/components/panel/brand";
import { buttonClasses } from "@/components/ui/button";

/** A path no page serves: the panel's look and a way in, where Next's own page had neither. */
export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10 text-center">
      <div className="mb-8">
        <Brand />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-500">No page has this address. It may be mistyped, or the page has moved.</p>
      <Link href="/" className={buttonClasses("secondary", "md", "mt-6")}>
        Go to the panel
      </Link>
    </main>
  );
}
