import { Link } from "@/components/ui/link";

const REASONS = {
  used: "This link has already been used. Each link works once.",
  expired: "This link has expired.",
  unknown: "This link is not valid. It may have been copied only in part, or a newer link replaced it.",
} as const;

/** The page a reused, expired or broken link shows: it says which, and offers a new link. */
export function SpentLink({ reason, what, retry }: { reason: keyof typeof REASONS; what: string; retry: { href: string; label: string } }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8" data-testid="spent-link">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">{reason === "expired" ? "This link has expired" : "This link cannot be used"}</h1>
      <p className="mt-2 text-sm text-slate-600">{REASONS[reason]}</p>
      <p className="mt-2 text-sm text-slate-600">{what}</p>
      <Link
        href={retry.href}
        className="mt-6 inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {retry.label}
      </Link>
      <p className="mt-4 text-center text-sm text-slate-500">
        <Link href="/login" className="font-medium text-brand-600 hover:text-brand-700">
          Back to sign-in
        </Link>
      </p>
    </div>
  );
}
