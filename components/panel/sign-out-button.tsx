"use client";

import type { ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { cx } from "@/components/ui/cx";
import { signOut } from "@/lib/auth/sign-out";

function SignOutSubmit({ icon, className }: { icon: ReactNode; className?: string }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      className={cx(
        "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60",
        className,
      )}
    >
      {icon}
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}

/** `icon` is drawn by the server, so the icons' paths are not in the page's JavaScript. */
export function SignOutButton({ icon, className }: { icon: ReactNode; className?: string }) {
  return (
    <form action={signOut}>
      <SignOutSubmit icon={icon} className={className} />
    </form>
  );
}
