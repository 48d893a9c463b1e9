import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { offersOfSupplier, supplierStateOf } from "@/lib/fulfilment/supplier-state";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime } from "@/lib/panel/format";
import { SupplierButtonForm, SupplierEnableForm, SupplierSettingsForm } from "../supplier-forms";

export const metadata: Metadata = { title: "Supplier" };

async function stateOrNotFound(id: string) {
  try {
    return await supplierStateOf(db(), id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

function Fact({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

export default async function SupplierPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  const { supplier, offers, inFlight, lowBalance } = await stateOrNotFound(id);
  const offerRows = await offersOfSupplier(db(), supplier.id);
  return (
    <>
      <PendingLink href="/admin/suppliers" className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← Suppliers
      </PendingLink>
      <PageHeader
        title={supplier.name}
        description={`${supplier.kind} supplier${supplier.baseUrl ? ` at ${supplier.baseUrl}` : ""}`}
        action={
          supplier.kind === "sandbox" ? null : (
            <PendingLink
              href={`/admin/suppliers/${supplier.id}/import`}
              className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Import products
            </PendingLink>
          )
        }
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title="State" />
          <CardBody>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3" data-testid="supplier-state">
              <Fact label="Status">
                <span className="flex flex-wrap gap-1">
                  {supplier.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">Disabled</Badge>}
                  {lowBalance ? <Badge tone="amber">Low balance</Badge> : null}
                </span>
              </Fact>
              <Fact label="Balance">
                {supplier.lastBalance === null ? "not read yet" : `${formatMoney(supplier.lastBalance)} ${supplier.lastBalanceCurrency ?? ""}`}
                {supplier.balanceCheckedAt ? <span className="block text-xs text-slate-500">read {formatDateTime(supplier.balanceCheckedAt)}</span> : null}
              </Fact>
              <Fact label="Credentials">{supplier.credentialsHint ?? "none"}</Fact>
              <Fact label="Last sync">{supplier.lastSyncedAt ? formatDateTime(supplier.lastSyncedAt) : "never"}</Fact>
              <Fact label="Orders in flight">{inFlight}</Fact>
              <Fact label="Rate-limited until">
                {supplier.rateLimitedUntil && supplier.rateLimitedUntil > new Date() ? formatDateTime(supplier.rateLimitedUntil) : "not limited"}
              </Fact>
              <Fact label="Last error" className="sm:col-span-3">
                {supplier.lastError ? (
                  <span className="text-red-700">
                    {supplier.lastError}{" "}
                    {supplier.lastErrorAt ? <span className="text-xs text-slate-500">({formatDateTime(supplier.lastErrorAt)})</span> : null}
                  </span>
                ) : (
                  "none"
                )}
              </Fact>
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Actions" />
          <CardBody>
            <div className="space-y-4">
              <SupplierButtonForm id={supplier.id} action="test" label="Test connection" pendingText="Asking…" testId="test-connection-outcome" />
              {supplier.kind === "sandbox" ? null : (
                <SupplierButtonForm id={supplier.id} action="sync" label="Sync catalog now" pendingText="Syncing…" testId="sync-outcome" />
              )}
              <SupplierEnableForm id={supplier.id} enabled={supplier.enabled} offers={offers} />
            </div>
          </CardBody>
        </Card>
      </div>
      <Card className="mt-6">
        <CardHeader
          title="Settings"
          description="The balance alert shows on the admin's landing page; a supplier pricing in another currency needs its rate in dollars."
        />
        <CardBody>
          <SupplierSettingsForm
            id={supplier.id}
            threshold={supplier.lowBalanceThreshold === null ? "" : formatMoney(supplier.lowBalanceThreshold)}
            usdRate={formatMoney(supplier.usdRate)}
            maxInFlight={supplier.maxInFlight}
          />
        </CardBody>
      </Card>
      <Card className="mt-6">
        <CardHeader
          title="Offers"
          description="The products bought from this supplier, at what cost; routing tries a product's offers by priority, then cost."
          action={
            <PendingLink href={`/admin/price-changes?supplier=${supplier.id}`} className="text-sm font-medium text-brand-600 hover:text-brand-700">
              Price changes
            </PendingLink>
          }
        />
        {offerRows.length === 0 ? (
          <EmptyState title="No offers yet">Import products from this supplier, or add an offer with offer:add.</EmptyState>
        ) : (
          <Table>
            <THead>
              <Tr>
                <Th>Product</Th>
                <Th>Upstream product</Th>
                <Th>Cost</Th>
                <Th>Our price</Th>
                <Th>Priority</Th>
                <Th>State</Th>
              </Tr>
            </THead>
            <TBody>
              {offerRows.map(({ offer, productName, listPrice }) => (
                <Tr key={offer.id}>
                  <Td label="Product">
                    <PendingLink href={`/admin/products/${offer.sku}`} className="text-brand-600 hover:text-brand-700">
                      {productName}
                    </PendingLink>
                    <span className="block text-xs text-slate-500">{offer.sku}</span>
                  </Td>
                  <Td label="Upstream product">
                    <span className="break-all">{offer.upstreamProductId}</span>
                    {offer.upstreamName ? <span className="block text-xs text-slate-500">{offer.upstreamName}</span> : null}
                  </Td>
                  <Td label="Cost">{formatMoney(offer.cost)}</Td>
                  <Td label="Our price">
                    {formatMoney(listPrice)}
                    {offer.cost > listPrice ? <span className="block text-xs text-red-700">above the price</span> : null}
                  </Td>
                  <Td label="Priority">{offer.priority}</Td>
                  <Td label="State">
                    <span className="flex flex-wrap gap-1">
                      {offer.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">Disabled</Badge>}
                      {offer.available ? null : <Badge tone="amber">Not sold upstream</Badge>}
                    </span>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </>
  );
}
