import { Money } from "@/components/ui/money";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { InvoiceStatusBadge } from "./status-badges";
import { idClasses } from "./id-classes";
import { ResellerCell } from "./reseller-cell";
import type { InvoiceRow } from "@/lib/panel/payment-rows";

/**
 * Top-up invoices as a table (stacked cards on a phone). The admin's view trades the expiry (the
 * status already says whether it passed) for the reseller and the credits.
 */
export function InvoicesTable({ rows, admin = false }: { rows: InvoiceRow[]; admin?: boolean }) {
  return (
    <Table>
      <THead>
        <tr>
          <Th>Invoice</Th>
          {admin ? <Th>Reseller</Th> : null}
          <Th>Status</Th>
          <Th align="right">Amount</Th>
          <Th align="right">Received</Th>
          {admin ? <Th>Credited as</Th> : <Th>Created</Th>}
          {admin ? null : <Th>Expires</Th>}
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id}>
            <Td>
              <span data-testid="invoice-row" data-invoice-id={row.id} className={idClasses}>
                {row.href ? (
                  <PendingLink href={row.href} className="font-medium text-brand-600 hover:text-brand-700 hover:underline">
                    {row.id}
                  </PendingLink>
                ) : (
                  row.id
                )}
              </span>
              {admin ? <span className="block text-xs font-normal text-slate-500">{row.created}</span> : null}
            </Td>
            {row.reseller ? <ResellerCell reseller={row.reseller} /> : null}
            <Td label="Status">
              <InvoiceStatusBadge status={row.status} />
            </Td>
            <Td label="Amount" align="right" className="font-medium">
              <Money amount={row.amount} />
            </Td>
            <Td label="Received" align="right" className={row.received === "0.00" ? "text-slate-500" : "text-slate-700"}>
              <Money amount={row.received} />
            </Td>
            {row.creditIds ? (
              <Td label="Credited as">
                {row.creditIds.length === 0 ? (
                  <span className="text-slate-500">—</span>
                ) : (
                  <ul className={`${idClasses} text-slate-700`}>
                    {row.creditIds.map((id) => (
                      <li key={id}>{id}</li>
                    ))}
                  </ul>
                )}
              </Td>
            ) : (
              <Td label="Created" className="whitespace-nowrap text-slate-600">
                {row.created}
              </Td>
            )}
            {admin ? null : (
              <Td label="Expires" className="whitespace-nowrap text-slate-600">
                {row.expires}
              </Td>
            )}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
