import { Money } from "@/components/ui/money";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { TransferStatusBadge } from "./status-badges";
import { TxHash } from "./tx-hash";
import { idClasses } from "./id-classes";
import { ResellerCell } from "./reseller-cell";
import type { TransferRow } from "@/lib/panel/payment-rows";

/**
 * USDT transfers to deposit addresses as a table (stacked cards on a phone). The admin's view adds
 * the reseller, and the ledger entry under the invoice, so the ids fit beside each other.
 */
export function TransfersTable({ rows, admin = false }: { rows: TransferRow[]; admin?: boolean }) {
  return (
    <Table>
      <THead>
        <tr>
          <Th>Transaction</Th>
          {admin ? <Th>Reseller</Th> : null}
          <Th align="right">Amount</Th>
          {admin ? null : <Th>Block time</Th>}
          <Th>Status</Th>
          <Th>{admin ? "Invoice and credit" : "Invoice"}</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id}>
            <Td>
              <span data-testid="transfer-row" data-tx-hash={row.txHash}>
                <TxHash hash={row.txHash} />
              </span>
              {admin ? <span className="block text-xs font-normal text-slate-500">{row.blockTime}</span> : null}
            </Td>
            {row.reseller ? <ResellerCell reseller={row.reseller} /> : null}
            <Td label="Amount" align="right" className="font-medium">
              <Money amount={row.amount} />
            </Td>
            {admin ? null : (
              <Td label="Block time" className="whitespace-nowrap text-slate-600">
                {row.blockTime}
              </Td>
            )}
            <Td label="Status">
              <TransferStatusBadge status={row.status} />
            </Td>
            <Td label={admin ? "Invoice and credit" : "Invoice"}>
              <span className="min-w-0">
                {row.invoice === null ? (
                  <span className="text-slate-500">No open invoice</span>
                ) : row.invoice.href ? (
                  <PendingLink href={row.invoice.href} className={`${idClasses} text-brand-600 hover:text-brand-700 hover:underline`}>
                    {row.invoice.id}
                  </PendingLink>
                ) : (
                  <span className={idClasses}>{row.invoice.id}</span>
                )}
                {row.ledgerEntryId !== undefined ? (
                  <span className="block text-xs text-slate-500">
                    {row.ledgerEntryId ? (
                      <>
                        credited as <span className={`${idClasses} text-slate-700`}>{row.ledgerEntryId}</span>
                      </>
                    ) : (
                      "not credited yet"
                    )}
                  </span>
                ) : null}
              </span>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
