import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { categoryLabel } from "@/components/catalog/categories";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, Stat } from "@/components/ui/card";
import { offersOfProduct } from "@/lib/fulfilment/product-offers";
import { listSuppliers } from "@/lib/fulfilment/supplier-admin";
import { ProductOffers } from "./offers";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireAdmin } from "@/lib/auth/session";
import { findProduct } from "@/lib/catalog/get-product";
import { isLowStock } from "@/lib/catalog/low-stock";
import { availableStock } from "@/lib/catalog/stock";
import { unreadableCodeCount } from "@/lib/catalog/unreadable-codes";
import { db } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";
import { EnableToggle } from "../enable-toggle";
import { ProductForm } from "../product-form";
import { productFormValues } from "../product-form-values";
import { StockUploadForm } from "./stock-upload-form";

export const metadata: Metadata = { title: "Edit product" };

export default async function EditProductPage({
  params,
  searchParams,
}: {
  params: Promise<{ sku: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdmin();
  const [{ sku }, query] = await Promise.all([params, searchParams]);
  const product = await findProduct(db(), sku);
  if (!product) notFound();
  const [stock, unreadable, offerRows, supplierList] = await Promise.all([
    product.fulfilment === "stock" ? availableStock(db(), product.sku) : null,
    unreadableCodeCount(db(), product.sku),
    product.fulfilment === "supplier" ? offersOfProduct(db(), product.sku) : [],
    product.fulfilment === "supplier" ? listSuppliers(db()) : [],
  ]);
  const low = isLowStock(product, stock);

  return (
    <>
      <PendingLink href="/admin/products" className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← Products
      </PendingLink>
      <PageHeader
        title={product.name}
        description={<span className="font-mono break-all">{product.sku}</span>}
        action={<EnableToggle sku={product.sku} enabled={product.enabled} name={product.name} />}
      />
      {unreadable > 0 ? (
        <Alert tone="warning" className="mb-4" data-testid="unreadable-codes">
          {unreadable === 1
            ? "1 code of this product did not decrypt with this server's ENCRYPTION_KEY when an order claimed it, so no order was given it: it was set aside and is not counted in stock."
            : `${unreadable} codes of this product did not decrypt with this server's ENCRYPTION_KEY when orders claimed them, so no order was given them: they were set aside and are not counted in stock.`}{" "}
          Most likely an instance with another key uploaded {unreadable === 1 ? "it" : "them"}: check that every instance has the same key. With the other key,{" "}
          <code className="font-mono">npm run cli -- encryption:recover</code> puts {unreadable === 1 ? "it" : "them"} back in stock; without it, upload{" "}
          {unreadable === 1 ? "the code" : "those codes"} again here if you have {unreadable === 1 ? "it" : "them"}.
        </Alert>
      ) : null}
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Status">
          <Badge tone={product.enabled ? "green" : "neutral"}>{product.enabled ? "Enabled" : "Disabled"}</Badge>
        </Stat>
        <Stat label="Category">
          <span className="text-lg">{categoryLabel(product.category)}</span>
        </Stat>
        <Stat label="List price">
          <Money amount={formatMoney(product.listPrice)} currency />
        </Stat>
        <Stat
          label="Available stock"
          hint={stock === null ? `${product.fulfilment} fulfilment` : low ? <Badge tone="amber">Low stock</Badge> : `Low at ${product.lowStockThreshold}`}
        >
          <span data-testid="available-stock">{stock === null ? "—" : stock}</span>
        </Stat>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <Card className={product.fulfilment === "stock" ? "lg:col-span-3" : "lg:col-span-5"}>
          <CardHeader title="Product" description="Changes apply to new orders at once; placed orders keep their price." />
          <CardBody>
            <ProductForm
              key={String(product.enabled)}
              mode="edit"
              initial={productFormValues(product)}
              notice={query.created ? `The product was created${product.fulfilment === "stock" ? "; upload its codes under Upload stock." : "."}` : undefined}
            />
          </CardBody>
        </Card>
        {product.fulfilment === "stock" ? (
          <Card className="lg:col-span-2 lg:self-start">
            <CardHeader title="Upload stock" description="Codes are encrypted at rest; one already in stock is skipped." />
            <CardBody>
              <StockUploadForm sku={product.sku} name={product.name} />
            </CardBody>
          </Card>
        ) : null}
      </div>
      {product.fulfilment === "supplier" ? (
        <Card className="mt-6">
          <CardHeader title="Offers" description="Where orders of it are bought: tried by priority, then lowest cost; a definite refusal moves to the next." />
          <ProductOffers
            sku={product.sku}
            sellAtLossAllowed={product.sellAtLossAllowed}
            suppliers={supplierList.map((supplier) => ({ id: supplier.id, name: supplier.name }))}
            rows={offerRows.map(({ offer, supplierName, supplierEnabled }) => ({
              id: offer.id,
              supplierName,
              supplierEnabled,
              upstreamProductId: offer.upstreamProductId,
              cost: formatMoney(offer.cost),
              priority: offer.priority,
              enabled: offer.enabled,
              available: offer.available,
              aboveListPrice: offer.cost > product.listPrice,
            }))}
          />
        </Card>
      ) : null}
    </>
  );
}
