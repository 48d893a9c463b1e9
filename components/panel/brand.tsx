import { BrandMark } from "./brand-mark";
import { PendingLink } from "@/components/ui/pending-link";

export function Brand({ href = "/" }: { href?: string }) {
  return (
    <PendingLink href={href} className="flex items-center gap-2 rounded-md text-slate-900">
      <BrandMark />
    </PendingLink>
  );
}
