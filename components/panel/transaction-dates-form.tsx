import { filterControlClasses } from "@/components/ui/field";
import { FilterActions } from "@/components/ui/filter-actions";
import { FilterForm } from "@/components/ui/filter-form";

const control = filterControlClasses("mt-1");

/**
 * The balance page's GET form for a span of days; the type chosen above it rides along, so that
 * narrowing to a month keeps the type, and the export takes both.
 */
export function TransactionDatesForm({ type, from, to, clearHref }: { type?: string; from?: string; to?: string; clearHref: string }) {
  return (
    <FilterForm
      action="/balance"
      aria-label="Filter transactions by date"
      className="grid grid-cols-2 gap-3 border-b border-slate-100 px-4 py-4 sm:flex sm:items-end sm:px-6"
    >
      {type ? <input type="hidden" name="type" value={type} /> : null}
      <div className="min-w-0">
        <label htmlFor="transactions-from" className="block text-xs font-medium text-slate-500">
          From
        </label>
        <input id="transactions-from" name="from" type="date" defaultValue={from} className={control} />
      </div>
      <div className="min-w-0">
        <label htmlFor="transactions-to" className="block text-xs font-medium text-slate-500">
          To
        </label>
        <input id="transactions-to" name="to" type="date" defaultValue={to} className={control} />
      </div>
      <FilterActions
        submitLabel="Filter"
        clearHref={from || to ? clearHref : null}
        clearLabel="Clear dates"
        className="col-span-2"
        submitClassName="flex-1 sm:flex-none"
      />
    </FilterForm>
  );
}
