import Link from "next/link";
import { BrandMark } from "./brand-mark";
import { LinkPending } from "@/components/ui/link-pending";

export function Brand({ href = "/" }: { href?: string }) {
  return (
    <Link href={href} className="flex items-center gap-2 rounded-md text-slate-900">
      <BrandMark />
      <LinkPending />
    </Link>
  );
}
