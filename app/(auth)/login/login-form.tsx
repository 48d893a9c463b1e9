"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

export function LoginForm({ initialError, notice }: { initialError?: string; notice?: string }) {
  const router = useRouter();
  const [error, setError] = useState(initialError);
  // The notice that brought the reseller here goes with the first attempt, not to sit above its refusal.
  const [shownNotice, setShownNotice] = useState(notice);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    setShownNotice(undefined);
    try {
      const result = await signIn("credentials", {
        redirect: false,
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
      });
      if (!result || result.error) {
        setError(!result ? "Sign-in failed. Try again." : result.error === "CredentialsSignin" ? "Wrong email or password." : result.error!);
        setPending(false);
        return;
      }
      router.replace("/");
      router.refresh();
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
      {shownNotice ? <Alert tone="success">{shownNotice}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField id="email" name="email" type="email" label="Email" autoComplete="email" required autoFocus />
      <TextField id="password" name="password" type="password" label="Password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      <p className="text-center text-sm text-slate-500">
        New reseller?{" "}
        <Link href="/register" className="font-medium text-brand-600 hover:text-brand-700">
          Create an account
        </Link>
      </p>
    </form>
  );
}
