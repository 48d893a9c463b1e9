import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";

/** The placeholder for a panel page whose release has not shipped yet. */
export function NotBuiltYet({
  title,
  description,
  arrives,
  meanwhile,
  links = [],
}: {
  title: string;
  description: string;
  /** "Buying from the catalog arrives with the catalog-and-orders release." */
  arrives: string;
  meanwhile?: string;
  links?: { href: string; label: string }[];
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card className="px-5 py-8 text-center sm:px-10">
        <span className="inline-flex items-center rounded-full bg-amber-50 px-3 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-600/20 ring-inset">
          Not built yet
        </span>
        <p className="mx-auto mt-4 max-w-lg text-base font-medium text-slate-900">{arrives}</p>
        {meanwhile ? <p className="mx-auto mt-2 max-w-lg text-sm text-slate-500">{meanwhile}</p> : null}
        {links.length > 0 ? (
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            {links.map((link) => (
              <Link key={link.href} href={link.href} className={buttonClasses("secondary", "sm")}>
                {link.label}
              </Link>
            ))}
          </div>
        ) : null}
      </Card>
    </>
  );
}
