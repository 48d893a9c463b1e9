import type { Metadata } from "next";
import { TariffForm } from "@/components/subscription/tariff-form";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { PRODUCT_CATEGORIES } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime } from "@/lib/panel/format";
import { listTariffAudit, listTariffs } from "@/lib/tariffs/manage-tariffs";
import { saveTariffAction } from "./actions";

export const metadata: Metadata = { title: "Tariffs" };

function describe(value: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    if (inner && typeof inner === "object") {
      const entries = Object.entries(inner as Record<string, unknown>);
      parts.push(`${key}: ${entries.length ? entries.map(([k, v]) => `${k} ${v}%`).join(", ") : "none"}`);
    } else parts.push(`${key}: ${inner ?? "—"}`);
  }
  return parts.join(" · ");
}

export default async function TariffsPage() {
  await requireAdmin();
  const [tariffs, audit] = await Promise.all([listTariffs(db()), listTariffAudit(db(), { limit: 50 })]);
  return (
    <>
      <PageHeader
        title="Tariffs"
        description="Each tier's monthly price and discount per product category. A change applies to prices at once and is recorded below."
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {tariffs.map((tariff) => (
          <Card key={tariff.tier}>
            <CardHeader title={tariff.tier} description={`Updated ${formatDateTime(tariff.updatedAt)}`} />
            <CardBody>
              <TariffForm
                action={saveTariffAction}
                tier={tariff.tier}
                price={formatMoney(tariff.monthlyPrice)}
                discounts={tariff.discounts}
                categories={PRODUCT_CATEGORIES}
              />
            </CardBody>
          </Card>
        ))}
      </div>

      <Card className="mt-6">
        <CardHeader title="Change history" description="Tariff edits and tiers set by hand: who, when, before and after. The 50 most recent." />
        {audit.length === 0 ? (
          <EmptyState title="No changes yet" />
        ) : (
          <Table>
            <THead>
              <Tr>
                <Th>When</Th>
                <Th>Who</Th>
                <Th>What</Th>
                <Th>Before</Th>
                <Th>After</Th>
              </Tr>
            </THead>
            <TBody>
              {audit.map((entry) => (
                <Tr key={entry.id}>
                  <Td label="When">{formatDateTime(entry.createdAt)}</Td>
                  <Td label="Who">
                    <span className="break-all">{entry.actorEmail ?? "—"}</span>
                  </Td>
                  <Td label="What">
                    {entry.kind === "tariff" ? (
                      <span className="inline-flex items-center gap-2">
                        <Badge tone="blue">Tariff</Badge> {entry.subject}
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-2">
                        <Badge>Reseller tier</Badge>
                        <PendingLink href={`/admin/resellers/${entry.subject}`} className="text-brand-600 hover:text-brand-700">
                          reseller
                        </PendingLink>
                      </span>
                    )}
                  </Td>
                  <Td label="Before">
                    <span className="text-xs text-slate-600">{describe(entry.before)}</span>
                  </Td>
                  <Td label="After">
                    <span className="text-xs text-slate-900">{describe(entry.after)}</span>
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
