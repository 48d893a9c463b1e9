import type { ReactNode } from "react";
import { categoryLabel } from "@/components/catalog/categories";
import { Money } from "@/components/ui/money";
import { formatDateTime } from "@/lib/panel/format";
import type { OrderRecord } from "@/lib/orders/serialize";

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 min-w-0" : "min-w-0"}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

export interface DeclaredField {
  name: string;
  label: string;
}

/**
 * The order's fields under the labels its product gives them ("Player ID", not `player_id`), in the
 * product's order; a field the product no longer declares keeps its name.
 */
function labelFields(values: Record<string, string>, declared: readonly DeclaredField[]) {
  const known = declared.filter((field) => field.name in values).map((field) => ({ name: field.name, label: field.label, labelled: true }));
  const rest = Object.keys(values)
    .filter((name) => !declared.some((field) => field.name === name))
    .map((name) => ({ name, label: name, labelled: false }));
  return [...known, ...rest].map((field) => ({ ...field, value: values[field.name] }));
}

/** What was ordered, for how much, for whom and when. */
export function OrderFacts({ order, declaredFields = [] }: { order: OrderRecord; declaredFields?: readonly DeclaredField[] }) {
  const fields = labelFields(order.fields, declaredFields);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-3 lg:grid-cols-4">
      <Fact label="Product" wide>
        <span className="font-medium">{order.product_name}</span>
        <span className="block font-mono text-xs text-slate-500">{order.sku}</span>
      </Fact>
      <Fact label="Type">{categoryLabel(order.type)}</Fact>
      <Fact label="Quantity">
        <span data-testid="order-quantity">{order.quantity}</span>
      </Fact>
      <Fact label="Unit price">
        <Money amount={order.unit_price} currency />
      </Fact>
      <Fact label="Total">
        <span data-testid="order-total" className="font-semibold">
          <Money amount={order.total} currency />
        </span>
      </Fact>
      <Fact label="Reference">
        {order.reference ? <span className="font-mono text-xs break-all">{order.reference}</span> : <span className="text-slate-500">—</span>}
      </Fact>
      <Fact label="Placed via">{order.source === "api" ? "API" : "Panel"}</Fact>
      <Fact label="Created">{formatDateTime(order.created_at)}</Fact>
      <Fact label="Completed">{order.completed_at ? formatDateTime(order.completed_at) : <span className="text-slate-500">—</span>}</Fact>
      {fields.length > 0 ? (
        <Fact label="Fields" wide>
          <ul className="space-y-0.5">
            {fields.map(({ name, label, labelled, value }) => (
              <li key={name} className="[overflow-wrap:anywhere]">
                <span className={labelled ? "text-xs text-slate-500" : "font-mono text-xs text-slate-500"}>{label}</span>{" "}
                <span data-testid={`order-field-${name}`}>{value}</span>
              </li>
            ))}
          </ul>
        </Fact>
      ) : null}
    </dl>
  );
}
