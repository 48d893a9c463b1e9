import { PendingLink } from "@/components/ui/pending-link";
import { Td } from "@/components/ui/table";

/** The admin tables' reseller column: the email, linked to the reseller's page. */
export function ResellerCell({ reseller }: { reseller: { email: string; href: string } }) {
  return (
    <Td label="Reseller" className="md:whitespace-nowrap">
      <PendingLink href={reseller.href} className="text-brand-600 hover:text-brand-700 hover:underline">
        {reseller.email}
      </PendingLink>
    </Td>
  );
}
