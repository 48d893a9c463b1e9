import type { ReactNode } from "react";
import { CATEGORY_TABS } from "@/components/catalog/categories";
import { filterControlClasses } from "@/components/ui/field";
import { FilterActions } from "@/components/ui/filter-actions";
import { FilterForm } from "@/components/ui/filter-form";

const control = filterControlClasses();

const STATUSES = ["processing", "completed", "failed", "refunded"] as const;

function Labeled({ id, label, children, wide = false }: { id: string; label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 min-w-0 md:col-span-1" : "min-w-0"}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-500">
        {label}
      </label>
      <div className="mt-1">{children}</div>
    </div>
  );
}

/** The GET form that filters an orders list; the values go to the URL, so a filtered list can be shared or exported. */
export function OrderFiltersForm({
  action,
  values,
  hidden = {},
  extra,
  reference = { label: "Reference", placeholder: "shop-order-8812" },
}: {
  action: string;
  values: { status?: string; type?: string; reference?: string; from?: string; to?: string; email?: string };
  hidden?: Record<string, string | undefined>;
  /** More inputs (the admin's reseller email). */
  extra?: ReactNode;
  /** The reference field's words: the admin's also finds an order by its id. */
  reference?: { label: string; placeholder: string };
}) {
  const filtered = Boolean(values.status || values.type || values.reference || values.from || values.to || values.email);
  return (
    <FilterForm
      action={action}
      aria-label="Filter orders"
      className="grid grid-cols-2 gap-3 border-b border-slate-100 px-4 py-4 sm:px-6 md:grid-cols-3 lg:grid-cols-6 lg:items-end"
    >
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <Labeled id="filter-status" label="Status">
        <select id="filter-status" name="status" defaultValue={values.status ?? ""} className={control}>
          <option value="">Any status</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </Labeled>
      <Labeled id="filter-type" label="Type">
        <select id="filter-type" name="type" defaultValue={values.type ?? ""} className={control}>
          <option value="">Any type</option>
          {CATEGORY_TABS.filter((tab) => tab.value).map((tab) => (
            <option key={tab.value} value={tab.value}>
              {tab.label}
            </option>
          ))}
        </select>
      </Labeled>
      <Labeled id="filter-reference" label={reference.label} wide>
        <input
          id="filter-reference"
          name="reference"
          type="search"
          maxLength={64}
          defaultValue={values.reference}
          placeholder={reference.placeholder}
          className={control}
        />
      </Labeled>
      {extra}
      <Labeled id="filter-from" label="From">
        <input id="filter-from" name="from" type="date" defaultValue={values.from} className={control} />
      </Labeled>
      <Labeled id="filter-to" label="To">
        <input id="filter-to" name="to" type="date" defaultValue={values.to} className={control} />
      </Labeled>
      <FilterActions
        submitLabel="Filter"
        clearHref={filtered ? (hidden.tab ? `${action}?tab=${hidden.tab}` : action) : null}
        className="col-span-2 md:col-span-1"
        submitClassName="flex-1 md:flex-none"
      />
    </FilterForm>
  );
}
