import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { SUPPLIER_KINDS } from "@/lib/db/schema";
import { listSupplierStates } from "@/lib/fulfilment/supplier-state";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime } from "@/lib/panel/format";
import { AddSupplierForm } from "./supplier-forms";

export const metadata: Metadata = { title: "Suppliers" };

export default async function SuppliersPage() {
  await requireAdmin();
  const states = await listSupplierStates(db());
  return (
    <>
      <PageHeader
        title="Suppliers"
        description="The upstream wholesalers supplier products are bought from: their balance, last sync, last error and orders still being bought."
      />
      <Card>
        {states.length === 0 ? (
          <EmptyState title="No suppliers yet">Add one below; then import its products or give products offers of it.</EmptyState>
        ) : (
          <Table>
            <THead>
              <Tr>
                <Th>Supplier</Th>
                <Th>Balance</Th>
                <Th>Last sync</Th>
                <Th>Offers</Th>
                <Th>In flight</Th>
                <Th>Last error</Th>
              </Tr>
            </THead>
            <TBody>
              {states.map(({ supplier, offers, inFlight, lowBalance }) => (
                <Tr key={supplier.id}>
                  <Td label="Supplier">
                    <PendingLink href={`/admin/suppliers/${supplier.id}`} className="font-medium text-brand-600 hover:text-brand-700">
                      {supplier.name}
                    </PendingLink>
                    <span className="mt-1 flex flex-wrap gap-1">
                      <Badge>{supplier.kind}</Badge>
                      {supplier.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">Disabled</Badge>}
                      {lowBalance ? <Badge tone="amber">Low balance</Badge> : null}
                    </span>
                  </Td>
                  <Td label="Balance">
                    {supplier.lastBalance === null ? (
                      <span className="text-slate-500">not read yet</span>
                    ) : (
                      <span>
                        {formatMoney(supplier.lastBalance)} {supplier.lastBalanceCurrency}
                        <span className="block text-xs text-slate-500">{supplier.balanceCheckedAt ? formatDateTime(supplier.balanceCheckedAt) : ""}</span>
                      </span>
                    )}
                  </Td>
                  <Td label="Last sync">{supplier.lastSyncedAt ? formatDateTime(supplier.lastSyncedAt) : <span className="text-slate-500">never</span>}</Td>
                  <Td label="Offers">{offers}</Td>
                  <Td label="In flight">{inFlight}</Td>
                  <Td label="Last error">
                    {supplier.lastError ? (
                      <span className="text-xs break-words text-red-700">
                        {supplier.lastError}
                        <span className="block text-slate-500">{supplier.lastErrorAt ? formatDateTime(supplier.lastErrorAt) : ""}</span>
                      </span>
                    ) : (
                      <span className="text-slate-500">none</span>
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
      <Card className="mt-6">
        <CardHeader title="Add a supplier" description="Its credentials are stored encrypted and never shown again in full." />
        <CardBody>
          <AddSupplierForm kinds={SUPPLIER_KINDS} />
        </CardBody>
      </Card>
    </>
  );
}
