import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Money } from "@/components/ui/money";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { TransactionRow } from "@/lib/panel/rows";

const typeTones: Record<string, BadgeTone> = {
  topup: "green",
  order: "blue",
  refund: "amber",
  subscription: "neutral",
  adjustment: "neutral",
};

export function TransactionTypeBadge({ type }: { type: string }) {
  return <Badge tone={typeTones[type] ?? "neutral"}>{type}</Badge>;
}

/** The transactions list of the dashboard, the balance page and the admin's reseller page. */
export function TransactionsTable({ rows }: { rows: TransactionRow[] }) {
  return (
    <Table>
      <THead>
        <tr>
          <Th>Description</Th>
          <Th>Date</Th>
          <Th>Type</Th>
          <Th align="right">Amount</Th>
          <Th align="right">Balance after</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id}>
            <Td text>
              <span className="text-slate-900">{row.description}</span>
              <span className="block font-mono text-xs font-normal text-slate-500">{row.id}</span>
            </Td>
            <Td label="Date" className="whitespace-nowrap text-slate-600">
              {row.date}
            </Td>
            <Td label="Type">
              <TransactionTypeBadge type={row.type} />
            </Td>
            <Td label="Amount" align="right" className="font-medium">
              <Money amount={row.amount} signed />
            </Td>
            <Td label="Balance after" align="right" className="text-slate-700">
              <Money amount={row.balanceAfter} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
