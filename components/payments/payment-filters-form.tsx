import { filterControlClasses } from "@/components/ui/field";
import { FilterActions } from "@/components/ui/filter-actions";
import { FilterForm } from "@/components/ui/filter-form";

const control = filterControlClasses("mt-1");

/** The GET form filtering the admin's invoices or transfers by status, reseller email and days; the values go to the URL. */
export function PaymentFiltersForm({
  tab,
  statuses,
  values,
  clearHref,
}: {
  tab: string;
  statuses: { value: string; label: string }[];
  values: { status?: string; email?: string; from?: string; to?: string };
  clearHref: string;
}) {
  const filtered = Boolean(values.status || values.email || values.from || values.to);
  return (
    <FilterForm
      action="/admin/payments"
      aria-label="Filter payments"
      className="grid grid-cols-2 gap-3 border-b border-slate-100 px-4 py-4 sm:items-end sm:px-6 lg:grid-cols-5"
    >
      <input type="hidden" name="tab" value={tab} />
      <div className="col-span-2 min-w-0 lg:col-span-1">
        <label htmlFor="filter-status" className="block text-xs font-medium text-slate-500">
          Status
        </label>
        <select id="filter-status" name="status" defaultValue={values.status ?? ""} className={control}>
          <option value="">Any status</option>
          {statuses.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 min-w-0 lg:col-span-1">
        <label htmlFor="filter-email" className="block text-xs font-medium text-slate-500">
          Reseller email
        </label>
        <input id="filter-email" name="email" type="search" maxLength={200} defaultValue={values.email} placeholder="part of an email" className={control} />
      </div>
      <div className="min-w-0">
        <label htmlFor="filter-from" className="block text-xs font-medium text-slate-500">
          From
        </label>
        <input id="filter-from" name="from" type="date" defaultValue={values.from} className={control} />
      </div>
      <div className="min-w-0">
        <label htmlFor="filter-to" className="block text-xs font-medium text-slate-500">
          To
        </label>
        <input id="filter-to" name="to" type="date" defaultValue={values.to} className={control} />
      </div>
      <FilterActions submitLabel="Filter" clearHref={filtered ? clearHref : null} className="col-span-2 lg:col-span-1" submitClassName="flex-1 sm:flex-none" />
    </FilterForm>
  );
}
