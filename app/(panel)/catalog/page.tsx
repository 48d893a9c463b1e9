import type { Metadata } from "next";
import { NotBuiltYet } from "@/components/panel/not-built-yet";
import { requireReseller } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Catalog" };

export default async function CatalogPage() {
  await requireReseller();
  return (
    <NotBuiltYet
      title="Catalog"
      description="Game top-ups, gift cards, game keys and messenger premium and stars, at your tier's prices."
      arrives="Buying from the catalog arrives with the catalog-and-orders release."
      meanwhile="You will browse products by category, see your price next to the list price and stock, and order straight from your balance."
      links={[
        { href: "/dashboard", label: "Back to the dashboard" },
        { href: "/docs", label: "API reference" },
      ]}
    />
  );
}
