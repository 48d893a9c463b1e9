/** The logo and name, without a link: a page that must not load next/link's client code wraps it in a plain anchor. */
export function BrandMark() {
  return (
    <>
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-sm font-bold text-white" aria-hidden="true">
        R
      </span>
      <span className="text-base font-semibold tracking-tight">Reseller Panel</span>
    </>
  );
}
