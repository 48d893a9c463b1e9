import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireReseller } from "@/lib/auth/session";
import { findProduct } from "@/lib/catalog/get-product";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getOrder } from "@/lib/orders/list-orders";
import { toMessageRecord } from "@/lib/orders/message-record";
import { listOrderMessages } from "@/lib/orders/messages";
import { toOrderRecord } from "@/lib/orders/serialize";
import { OrderLive } from "./order-live";

export const metadata: Metadata = { title: "Order" };

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireReseller();
  const { id } = await params;
  const order = await getOrder(db(), user.id, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const [messages, product] = await Promise.all([
    order.type === "manual" ? listOrderMessages(db(), order).then((rows) => rows.map(toMessageRecord)) : undefined,
    findProduct(db(), order.sku),
  ]);

  return (
    <>
      <PendingLink href="/orders" className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← Orders
      </PendingLink>
      <PageHeader
        title={order.productName}
        description={order.quantity > 1 ? `${order.quantity} × ${order.sku}` : order.sku}
        action={
          <PendingLink href={`/catalog/${order.sku}`} className="text-sm font-medium text-brand-600 hover:text-brand-700">
            Order again →
          </PendingLink>
        }
      />
      <OrderLive initial={toOrderRecord(order)} messages={messages} declaredFields={product?.fields.map(({ name, label }) => ({ name, label })) ?? []} />
    </>
  );
}
