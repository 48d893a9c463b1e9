"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";
import { NavPending } from "./nav-pending";

/** A navigation section with its icons drawn by the server, so their paths are not in the page's JavaScript. */
export interface DrawnNavSection {
  title?: string;
  items: { href: string; label: string; icon: ReactNode }[];
}

function matches(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The link of the current page: the longest matching href, so /admin/products does not also light up /admin. */
function activeHref(pathname: string, sections: DrawnNavSection[]): string | undefined {
  return sections
    .flatMap((section) => section.items.map((item) => item.href))
    .filter((href) => matches(pathname, href))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * The panel navigation; the current page's link is marked (aria-current) and highlighted, and the link
 * clicked shows a spinner until its page arrives.
 */
export function NavLinks({ sections }: { sections: DrawnNavSection[] }) {
  const pathname = usePathname() ?? "";
  const current = activeHref(pathname, sections);
  return (
    <nav aria-label="Main" className="space-y-6">
      {sections.map((section, index) => (
        <div key={section.title ?? index}>
          {section.title ? <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{section.title}</p> : null}
          <ul className="space-y-0.5">
            {section.items.map((item) => {
              const active = item.href === current;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? "page" : undefined}
                    className={cx(
                      "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                      active ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                    )}
                  >
                    <span className={cx("flex shrink-0", active ? "text-brand-600" : "text-slate-400")}>{item.icon}</span>
                    {item.label}
                    <NavPending />
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
