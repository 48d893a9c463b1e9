import type { Metadata } from "next";
import { NotBuiltYet } from "@/components/panel/not-built-yet";
import { requireReseller } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Top up" };

export default async function TopUpPage() {
  await requireReseller();
  return (
    <NotBuiltYet
      title="Top up"
      description="Add money to your prepaid USD balance."
      arrives="USDT (TRC-20) top-ups arrive with the payments release."
      meanwhile="You will get your own deposit address and invoices that follow each transfer until it is credited. Until then, contact your account manager to credit your balance."
      links={[
        { href: "/balance", label: "See your balance" },
        { href: "/dashboard", label: "Back to the dashboard" },
      ]}
    />
  );
}
