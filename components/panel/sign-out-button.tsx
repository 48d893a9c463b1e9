"use client";

import { useFormStatus } from "react-dom";
import { cx } from "@/components/ui/cx";
import { signOut } from "@/lib/auth/sign-out";
import { Icon } from "./icons";

function SignOutSubmit({ className }: { className?: string }) {
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
      <Icon name="signout" className="h-5 w-5 text-slate-400" />
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}

export function SignOutButton({ className }: { className?: string }) {
  return (
    <form action={signOut}>
      <SignOutSubmit className={className} />
    </form>
  );
}
