import type { Metadata } from "next";
import { CursorPager } from "@/components/ui/cursor-pager";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { controlClasses } from "@/components/ui/field";
import { FilterActions } from "@/components/ui/filter-actions";
import { FilterForm } from "@/components/ui/filter-form";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { listResellers } from "@/lib/accounts/list-resellers";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";
import { AdminOverview } from "./overview";
import { formatDate } from "@/lib/panel/format";
import { searchParam } from "@/lib/panel/search-param";

export const metadata: Metadata = { title: "Resellers" };

const PAGE_SIZE = 25;

function hrefFor(params: { q?: string; cursor?: string }): string {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (params.cursor) query.set("cursor", params.cursor);
  const text = query.toString();
  return text ? `/admin?${text}` : "/admin";
}

export default async function AdminResellersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin();
  const params = await searchParams;
  const q = searchParam(params.q)?.slice(0, 100);
  const cursorParam = searchParam(params.cursor);
  const cursor = cursorParam && /^usr_[0-9A-Za-z]{1,64}$/.test(cursorParam) ? cursorParam : undefined;
  const page = await listResellers(db(), { q, cursor, limit: PAGE_SIZE });

  return (
    <>
      <PageHeader
        title="Resellers"
        description="Today at a glance; below, find a reseller to see their balance and transactions, adjust their balance, or block them."
      />
      <AdminOverview />
      <Card>
        <FilterForm action="/admin" role="search" className="flex flex-col gap-2 border-b border-slate-100 px-4 py-4 sm:flex-row sm:px-6">
          <label htmlFor="reseller-search" className="sr-only">
            Search by email or name
          </label>
          <input
            id="reseller-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Search by email or name"
            className={controlClasses(false, "sm:max-w-sm")}
          />
          <FilterActions submitLabel="Search" clearHref={q ? "/admin" : null} />
        </FilterForm>
        {page.data.length === 0 ? (
          <EmptyState title={q ? `No reseller matches “${q}”` : cursor ? "No more resellers" : "No resellers yet"}>
            {q ? "Search matches part of an email address or a name." : "Resellers appear here when they register."}
          </EmptyState>
        ) : (
          <Table>
            <THead>
              <tr>
                <Th>Email</Th>
                <Th>Name</Th>
                <Th>Tier</Th>
                <Th>Status</Th>
                <Th align="right">Balance</Th>
                <Th align="right">Active keys</Th>
                <Th>Created</Th>
              </tr>
            </THead>
            <TBody>
              {page.data.map((reseller) => (
                <Tr key={reseller.id}>
                  <Td>
                    <PendingLink href={`/admin/resellers/${reseller.id}`} className="font-medium text-brand-600 hover:text-brand-700 hover:underline">
                      {reseller.email}
                    </PendingLink>
                  </Td>
                  <Td label="Name" text>
                    {reseller.name}
                  </Td>
                  <Td label="Tier">{reseller.tier}</Td>
                  <Td label="Status">
                    <Badge tone={reseller.status === "active" ? "green" : "red"}>{reseller.status}</Badge>
                  </Td>
                  <Td label="Balance" align="right" className="font-medium">
                    <Money amount={formatMoney(reseller.balance)} />
                  </Td>
                  <Td label="Active keys" align="right">
                    {reseller.activeKeys}
                  </Td>
                  <Td label="Created" className="whitespace-nowrap text-slate-600">
                    {formatDate(reseller.createdAt)}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
        <CursorPager newestHref={cursor ? hrefFor({ q }) : null} olderHref={page.nextCursor ? hrefFor({ q, cursor: page.nextCursor }) : null} />
      </Card>
    </>
  );
}
