import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LinkPending } from "@/components/ui/link-pending";
import { PageHeader } from "@/components/ui/page-header";
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
      <Link href="/orders" className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← Orders
        <LinkPending />
      </Link>
      <PageHeader
        title={order.productName}
        description={order.quantity > 1 ? `${order.quantity} × ${order.sku}` : order.sku}
        action={
          <Link href={`/catalog/${order.sku}`} className="text-sm font-medium text-brand-600 hover:text-brand-700">
            Order again →
            <LinkPending />
          </Link>
        }
      />
      <OrderLive initial={toOrderRecord(order)} messages={messages} declaredFields={product?.fields.map(({ name, label }) => ({ name, label })) ?? []} />
    </>
  );
}
