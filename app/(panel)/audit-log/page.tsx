import type { Metadata } from "next";
import { AuditFilterForm } from "@/components/panel/audit-filter-form";
import { AuditLogTable } from "@/components/panel/audit-log-table";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CursorPager } from "@/components/ui/cursor-pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { auditActorOptions } from "@/lib/audit/actor-options";
import { listAuditLog } from "@/lib/audit/list-audit-log";
import { requireCapability } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { auditFilterOf, parseAuditFilterParams, type AuditFilterParams } from "@/lib/panel/audit-filters";
import { toAuditRow } from "@/lib/panel/audit-rows";
import { filterQuery } from "@/lib/panel/search-param";

export const metadata: Metadata = { title: "Audit log" };

const PAGE_SIZE = 25;

function hrefFor(params: AuditFilterParams, path = "/audit-log"): string {
  const query = filterQuery({ ...params });
  return query ? `${path}?${query}` : path;
}

export default async function AuditLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { account: user } = await requireCapability("audit_log");
  const params = parseAuditFilterParams(await searchParams);
  const { cursor, ...filters } = params;
  const [page, actors] = await Promise.all([listAuditLog(db(), user.id, { ...auditFilterOf(params), limit: PAGE_SIZE }), auditActorOptions(db(), user.id)]);
  const filtered = Boolean(filters.action || filters.actor || filters.from || filters.to);

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made on your account, in the panel or through the API: who made it, what, when and from which IP."
        action={
          <a href={hrefFor(filters, "/audit-log/export")} className={buttonClasses("secondary")} download>
            Export CSV
          </a>
        }
      />
      <Card>
        <AuditFilterForm action="/audit-log" params={filters} actors={actors} clearHref={filtered ? "/audit-log" : null} />
        {page.data.length === 0 ? (
          <EmptyState title={cursor ? "No older changes" : filtered ? "No changes match these filters" : "No changes yet"}>
            {cursor
              ? "You have reached the first change."
              : filtered
                ? "Change or clear the filters."
                : "Keys created or revoked, webhook changes, orders, top-ups, subscription and two-factor changes will show up here."}
          </EmptyState>
        ) : (
          <AuditLogTable rows={page.data.map(toAuditRow)} />
        )}
        <CursorPager newestHref={cursor ? hrefFor(filters) : null} olderHref={page.nextCursor ? hrefFor({ ...filters, cursor: page.nextCursor }) : null} />
      </Card>
    </>
  );
}
