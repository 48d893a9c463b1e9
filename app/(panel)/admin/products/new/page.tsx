import type { Metadata } from "next";
import { Card, CardBody } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireAdmin } from "@/lib/auth/session";
import { ProductForm } from "../product-form";
import { EMPTY_PRODUCT } from "../product-form-values";

export const metadata: Metadata = { title: "New product" };

export default async function NewProductPage() {
  await requireAdmin();
  return (
    <>
      <PendingLink href="/admin/products" className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← Products
      </PendingLink>
      <PageHeader title="New product" description="After creating a stock product, upload its codes on the product's page." />
      <Card>
        <CardBody>
          <ProductForm mode="new" initial={EMPTY_PRODUCT} />
        </CardBody>
      </Card>
    </>
  );
}
