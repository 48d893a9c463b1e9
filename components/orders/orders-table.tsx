import { categoryLabel } from "@/components/catalog/categories";
import { Money } from "@/components/ui/money";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { OrderStatusBadge } from "./order-status-badge";
import type { OrderRow } from "@/lib/panel/order-rows";

/**
 * Orders as a table (stacked cards on a phone); each row links to its order. The manual queue
 * (`showTaken`) says who works each order where the others show the status, as every order there is processing.
 */
export function OrdersTable({ rows, showReseller = false, showTaken = false }: { rows: OrderRow[]; showReseller?: boolean; showTaken?: boolean }) {
  // The admin's view names the reseller in that column, and the reseller's own reference under the order.
  const showReference = !showReseller;
  return (
    <Table>
      <THead>
        <tr>
          <Th>Order</Th>
          {showReseller ? <Th>Reseller</Th> : null}
          <Th>Created</Th>
          <Th>Type</Th>
          <Th align="right">Qty</Th>
          <Th align="right">Total</Th>
          {showTaken ? <Th>Operator</Th> : <Th>Status</Th>}
          {showReference ? <Th>Reference</Th> : null}
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id}>
            <Td text>
              <PendingLink href={row.href} className="font-medium text-brand-600 hover:text-brand-700 hover:underline" data-testid="order-link">
                {row.product}
              </PendingLink>
              <span className="block font-mono text-xs font-normal break-all text-slate-500 md:break-normal">{row.id}</span>
              {showReference || !row.reference ? null : (
                <span className="block text-xs font-normal break-all text-slate-500" data-testid="order-reference">
                  Reference {row.reference}
                </span>
              )}
            </Td>
            {showReseller ? (
              <Td label="Reseller" className="md:whitespace-nowrap">
                {row.reseller ?? "—"}
              </Td>
            ) : null}
            <Td label="Created" className="whitespace-nowrap text-slate-600">
              {row.created}
            </Td>
            <Td label="Type" className="whitespace-nowrap">
              {categoryLabel(row.type)}
            </Td>
            <Td label="Qty" align="right">
              {row.quantity}
            </Td>
            <Td label="Total" align="right" className="font-medium">
              <Money amount={row.total} />
            </Td>
            {showTaken ? (
              <Td label="Operator" text className="text-slate-600">
                <span data-testid="order-taken">
                  {row.taken ? (
                    <>
                      Taken by {row.taken.by} <span className="whitespace-nowrap">· {row.taken.since}</span>
                    </>
                  ) : (
                    <span className="text-slate-500">Not taken</span>
                  )}
                </span>
              </Td>
            ) : (
              <Td label="Status">
                <OrderStatusBadge status={row.status} />
              </Td>
            )}
            {showReference ? (
              <Td label="Reference" className="break-all text-slate-600">
                {row.reference ?? <span className="text-slate-500">—</span>}
              </Td>
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
