import type { ReactNode } from "react";
import { Brand } from "@/components/panel/brand";

export const dynamic = "force-dynamic";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="mb-8">
        <Brand />
      </div>
      <div className="w-full max-w-sm">{children}</div>
      <p className="mt-8 text-center text-xs text-slate-500">Wholesale game top-ups, gift cards, game keys and messenger subscriptions.</p>
    </div>
  );
}
