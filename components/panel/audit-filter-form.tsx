import { filterControlClasses } from "@/components/ui/field";
import { FilterActions } from "@/components/ui/filter-actions";
import { FilterForm } from "@/components/ui/filter-form";
import { AUDIT_ACTIONS } from "@/lib/audit/actions";
import type { AuditActorOption } from "@/lib/audit/actor-options";
import type { AuditFilterParams } from "@/lib/panel/audit-filters";

const control = filterControlClasses("mt-1 w-full");

/** The audit log's GET form: what, who, and a span of days. */
export function AuditFilterForm({
  action,
  params,
  actors,
  clearHref,
}: {
  action: string;
  params: AuditFilterParams;
  actors: AuditActorOption[];
  clearHref: string | null;
}) {
  return (
    <FilterForm
      action={action}
      aria-label="Filter the audit log"
      className="grid grid-cols-2 gap-3 border-b border-slate-100 px-4 py-4 sm:px-6 lg:flex lg:items-end"
    >
      <div className="col-span-2 min-w-0 lg:w-56">
        <label htmlFor="audit-action" className="block text-xs font-medium text-slate-500">
          What
        </label>
        <select id="audit-action" name="action" defaultValue={params.action ?? ""} className={control}>
          <option value="">Every change</option>
          {AUDIT_ACTIONS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 min-w-0 lg:w-64">
        <label htmlFor="audit-actor" className="block text-xs font-medium text-slate-500">
          Who
        </label>
        <select id="audit-actor" name="actor" defaultValue={params.actor ?? ""} className={control}>
          <option value="">Anyone</option>
          {actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.label}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor="audit-from" className="block text-xs font-medium text-slate-500">
          From
        </label>
        <input id="audit-from" name="from" type="date" defaultValue={params.from} className={control} />
      </div>
      <div className="min-w-0">
        <label htmlFor="audit-to" className="block text-xs font-medium text-slate-500">
          To
        </label>
        <input id="audit-to" name="to" type="date" defaultValue={params.to} className={control} />
      </div>
      <FilterActions submitLabel="Filter" clearHref={clearHref} className="col-span-2" submitClassName="flex-1 lg:flex-none" />
    </FilterForm>
  );
}
