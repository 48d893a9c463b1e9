import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { AuditRow } from "@/lib/panel/audit-rows";

/** The audit log of the reseller's own page and of the admin's reseller page. */
export function AuditLogTable({ rows }: { rows: AuditRow[] }) {
  return (
    <Table>
      <THead>
        <tr>
          <Th>When</Th>
          <Th>Who</Th>
          <Th>What</Th>
          <Th>IP</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id}>
            <Td label="When" className="whitespace-nowrap text-slate-600">
              {row.when}
            </Td>
            <Td label="Who" text>
              {/* One box, so that on a phone, where each cell is a label beside its value, the lines stack. */}
              <div className="min-w-0">
                <span className="block text-slate-900" data-testid="audit-who">
                  {row.who}
                </span>
                {row.whoDetail ? <span className="block font-mono text-xs font-normal text-slate-500">{row.whoDetail}</span> : null}
              </div>
            </Td>
            <Td label="What" text>
              <div className="min-w-0">
                <code className="block font-mono text-xs font-semibold text-slate-900" data-testid="audit-action">
                  {row.action}
                </code>
                {row.subject ? <span className="block font-mono text-xs text-slate-500">{row.subject}</span> : null}
                {row.details ? <span className="block text-xs text-slate-600">{row.details}</span> : null}
              </div>
            </Td>
            <Td label="IP" className="font-mono text-xs text-slate-600">
              {row.ip}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
