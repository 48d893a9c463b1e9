import type { ReactNode } from "react";
import { cx } from "./cx";

/*
 * A table that becomes a list of stacked cards below the md breakpoint: each cell then shows its
 * column label (data-label) on the left and its value on the right, so nothing scrolls sideways
 * on a phone. There a cell wraps a long unbroken string (a name without spaces) anywhere, so it
 * cannot widen the page. In the desktop table only a `text` cell does (see Td): elsewhere words
 * stay whole, as a table that does not fit scrolls inside its box rather than breaking "Silver"
 * in two. The box is positioned so that visually hidden text (sr-only, absolutely positioned) in a
 * wide table stays inside it instead of widening the page.
 */

export function Table({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="relative md:overflow-x-auto">
      <table className={cx("block w-full text-sm md:table", className)}>{children}</table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="hidden border-b border-slate-200 bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase md:table-header-group">
      {children}
    </thead>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="block divide-y divide-slate-100 md:table-row-group">{children}</tbody>;
}

export function Tr({ children, className }: { children: ReactNode; className?: string }) {
  return <tr className={cx("block px-4 py-3 md:table-row md:p-0 md:hover:bg-slate-50/70", className)}>{children}</tr>;
}

export function Th({ children, align = "left", className }: { children?: ReactNode; align?: "left" | "right"; className?: string }) {
  return (
    <th scope="col" className={cx("px-4 py-2.5 font-medium whitespace-nowrap first:pl-6 last:pr-6", align === "right" && "text-right", className)}>
      {children}
    </th>
  );
}

/**
 * A cell. `label` is the column name shown beside the value on phones; a cell without one is the
 * card's title line there. `text` marks free text that anyone can set, such as a product or
 * reseller name: on a desktop it wraps anywhere too, within 10rem to 20rem, so one long unbroken
 * name neither widens the table nor pushes the other columns out of view.
 */
export function Td({
  children,
  label,
  align = "left",
  text = false,
  className,
}: {
  children?: ReactNode;
  label?: string;
  align?: "left" | "right";
  text?: boolean;
  className?: string;
}) {
  return (
    <td
      data-label={label}
      className={cx(
        "wrap-anywhere md:table-cell md:px-4 md:py-3 md:align-middle md:first:pl-6 md:last:pr-6",
        text ? "md:max-w-xs md:min-w-40" : "md:wrap-break-word",
        label
          ? "flex items-baseline justify-between gap-4 py-0.5 text-right before:shrink-0 before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none"
          : "block pb-1 font-medium md:font-normal",
        align === "right" ? "md:text-right" : "md:text-left",
        className,
      )}
    >
      {children}
    </td>
  );
}
