import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { categoryLabel } from "@/components/catalog/categories";
import { PriceTag } from "@/components/catalog/price-tag";
import { StockBadge } from "@/components/catalog/stock-badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PendingLink } from "@/components/ui/pending-link";
import { requireCapability } from "@/lib/auth/session";
import { getPricedProduct } from "@/lib/catalog/priced-products";
import { effectiveTier } from "@/lib/subscriptions/rules";
import { db } from "@/lib/db/client";
import type { FulfilmentMode } from "@/lib/db/schema";
import { RECIPIENT_FIELDS } from "@/lib/fulfilment/recipient";
import { formatMoney } from "@/lib/money/money";
import { can } from "@/lib/teams/permissions";
import { OrderForm } from "./order-form";

export const metadata: Metadata = { title: "Product" };

const DELIVERY: Record<FulfilmentMode, string> = {
  stock: "Codes are delivered from stock the moment you order.",
  supplier: "Sent to the recipient by the supplier, usually within a minute. If it fails, the charge comes back.",
  manual: "Handled by our team by hand. Chat with them on the order page.",
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right font-medium wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

export default async function ProductPage({ params }: { params: Promise<{ sku: string }> }) {
  const { account: user, memberRole } = await requireCapability("catalog");
  const { sku } = await params;
  const priced = await getPricedProduct(db(), effectiveTier(user), sku);
  if (!priced) notFound();
  const { product, record } = priced;
  const recipientField = RECIPIENT_FIELDS.find((name) => product.fields.some((f) => f.name === name)) ?? null;
  const attributes = record.attributes;

  return (
    <>
      <PendingLink href={`/catalog?category=${record.category}`} className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← {categoryLabel(record.category)} catalog
      </PendingLink>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 wrap-anywhere">
          <p className="text-sm font-medium text-brand-600">{record.group}</p>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{record.name}</h1>
          <p className="mt-1 font-mono text-xs break-all text-slate-500">{record.sku}</p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <PriceTag price={record.price} listPrice={record.list_price} size="lg" />
          <StockBadge stock={record.stock} inStock={record.in_stock} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title="Order" description={DELIVERY[product.fulfilment]} />
          {!can(memberRole, "orders_write") ? (
            <EmptyState title="Ordering is not part of your role">A buyer, an admin or the owner places orders on this account.</EmptyState>
          ) : record.in_stock ? (
            <CardBody>
              <OrderForm product={record} balance={formatMoney(user.balance)} recipientField={recipientField} />
            </CardBody>
          ) : (
            <EmptyState
              title="Out of stock"
              action={
                <PendingLink href={`/catalog?q=${encodeURIComponent(record.group)}`} className={buttonClasses("secondary", "sm")}>
                  Other {record.group} products
                </PendingLink>
              }
            >
              This product cannot be bought until it is restocked.
            </EmptyState>
          )}
        </Card>

        <Card className="lg:self-start">
          <CardHeader title="Details" />
          <CardBody className="py-2 sm:py-2">
            <dl className="divide-y divide-slate-100">
              <Fact label="Type">{categoryLabel(record.category)}</Fact>
              <Fact label="Region">{record.region}</Fact>
              <Fact label="Your price">{record.price} USD</Fact>
              {record.price !== record.list_price ? <Fact label="List price">{record.list_price} USD</Fact> : null}
              <Fact label="Per order">
                {record.min_quantity === record.max_quantity ? record.min_quantity : `${record.min_quantity}–${record.max_quantity}`}
              </Fact>
              {record.stock !== null ? <Fact label="In stock">{record.stock}</Fact> : null}
              {attributes.platform ? <Fact label="Platform">{attributes.platform}</Fact> : null}
              {attributes.appid !== undefined ? <Fact label="App id">{attributes.appid}</Fact> : null}
              {attributes.months !== undefined ? <Fact label="Months">{attributes.months}</Fact> : null}
              {attributes.stars !== undefined ? <Fact label="Stars">{attributes.stars}</Fact> : null}
              {attributes.wallet_amount ? (
                <Fact label="Wallet credit">
                  {attributes.wallet_amount} {attributes.wallet_currency ?? ""}
                </Fact>
              ) : null}
            </dl>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
