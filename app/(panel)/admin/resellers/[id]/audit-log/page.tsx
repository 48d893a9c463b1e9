import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuditFilterForm } from "@/components/panel/audit-filter-form";
import { AuditLogTable } from "@/components/panel/audit-log-table";
import { Card } from "@/components/ui/card";
import { CursorPager } from "@/components/ui/cursor-pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { findUserById } from "@/lib/accounts/get-user";
import { auditActorOptions } from "@/lib/audit/actor-options";
import { listAuditLog } from "@/lib/audit/list-audit-log";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { auditFilterOf, parseAuditFilterParams, type AuditFilterParams } from "@/lib/panel/audit-filters";
import { toAuditRow } from "@/lib/panel/audit-rows";
import { filterQuery } from "@/lib/panel/search-param";

export const metadata: Metadata = { title: "Reseller's audit log" };

const PAGE_SIZE = 25;

/** A reseller's whole audit log, filtered, for the platform's admins. */
export default async function ResellerAuditLogPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdmin();
  const { id } = await params;
  const reseller = await findUserById(db(), id);
  if (!reseller || reseller.role !== "reseller") notFound();
  const base = `/admin/resellers/${reseller.id}/audit-log`;
  const hrefFor = (query: AuditFilterParams) => (filterQuery({ ...query }) ? `${base}?${filterQuery({ ...query })}` : base);
  const filterParams = parseAuditFilterParams(await searchParams);
  const { cursor, ...filters } = filterParams;
  const [page, actors] = await Promise.all([
    listAuditLog(db(), reseller.id, { ...auditFilterOf(filterParams), limit: PAGE_SIZE }),
    auditActorOptions(db(), reseller.id),
  ]);
  const filtered = Boolean(filters.action || filters.actor || filters.from || filters.to);

  return (
    <>
      <PendingLink href={`/admin/resellers/${reseller.id}`} className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← {reseller.email}
      </PendingLink>
      <PageHeader title="Audit log" description={<span className="break-all">Every change made on {reseller.email}&apos;s account, newest first.</span>} />
      <Card>
        <AuditFilterForm action={base} params={filters} actors={actors} clearHref={filtered ? base : null} />
        {page.data.length === 0 ? (
          <EmptyState title={cursor ? "No older changes" : filtered ? "No changes match these filters" : "No changes yet"} />
        ) : (
          <AuditLogTable rows={page.data.map(toAuditRow)} />
        )}
        <CursorPager newestHref={cursor ? hrefFor(filters) : null} olderHref={page.nextCursor ? hrefFor({ ...filters, cursor: page.nextCursor }) : null} />
      </Card>
    </>
  );
}
