import { Alert } from "@/components/ui/alert";
import { PendingLink } from "@/components/ui/pending-link";

/**
 * Above the product list, since an admin watches stock there and would not open every product to find
 * codes that were set aside; each product's page says what to do about them.
 */
export function UnreadableCodesNotice({ products }: { products: { sku: string; codes: number }[] }) {
  if (products.length === 0) return null;
  return (
    <Alert tone="warning" className="mb-4" data-testid="unreadable-codes-notice">
      Stock codes that did not decrypt with this server&apos;s ENCRYPTION_KEY were set aside, unsold:{" "}
      {products.map(({ sku, codes }, i) => (
        <span key={sku}>
          {i > 0 ? ", " : null}
          <PendingLink href={`/admin/products/${sku}`} className="font-mono font-medium underline break-all">
            {sku}
          </PendingLink>{" "}
          ({codes})
        </span>
      ))}
      .
    </Alert>
  );
}
