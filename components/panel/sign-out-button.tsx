"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { cx } from "@/components/ui/cx";
import { Icon } from "./icons";

export function SignOutButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/login" });
      }}
      className={cx(
        "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60",
        className,
      )}
    >
      <Icon name="signout" className="h-5 w-5 text-slate-400" />
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
