import type { Metadata } from "next";
import { NotBuiltYet } from "@/components/panel/not-built-yet";
import { requireReseller } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Orders" };

export default async function OrdersPage() {
  await requireReseller();
  return (
    <NotBuiltYet
      title="Orders"
      description="Every order you place, from the panel or through the API."
      arrives="Order history and status tracking arrive with the catalog-and-orders release."
      meanwhile="You will follow each order from processing to completed, read delivered codes and keys, and filter by status, type or your own reference."
      links={[
        { href: "/balance", label: "See your transactions" },
        { href: "/dashboard", label: "Back to the dashboard" },
      ]}
    />
  );
}
