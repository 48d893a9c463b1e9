import type { Metadata } from "next";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireCapability } from "@/lib/auth/session";
import { formatMoney } from "@/lib/money/money";
import { BulkOrderForm } from "./bulk-order-form";

export const metadata: Metadata = { title: "Bulk order" };

export default async function BulkOrderPage() {
  const { account: user } = await requireCapability("orders_write");
  return (
    <>
      <PageHeader
        title="Bulk order"
        description="Several products at once, one order a line, each charged as it is placed. The price list download has every sku."
        action={
          <PendingLink href="/catalog" className={buttonClasses("secondary")}>
            Catalog
          </PendingLink>
        }
      />
      <Card>
        <CardBody>
          <BulkOrderForm balance={formatMoney(user.balance)} />
        </CardBody>
      </Card>
    </>
  );
}
