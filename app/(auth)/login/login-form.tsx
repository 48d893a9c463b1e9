"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { CODE_REQUIRED } from "@/lib/auth/two-factor-messages";

export function LoginForm({ initialError, notice }: { initialError?: string; notice?: string }) {
  const router = useRouter();
  const [error, setError] = useState(initialError);
  // The notice that brought the reseller here goes with the first attempt, not to sit above its refusal.
  const [shownNotice, setShownNotice] = useState(notice);
  const [pending, setPending] = useState(false);
  // Once the password is right for an account with two-factor sign-in: it is sent again with the code.
  const [firstStep, setFirstStep] = useState<{ email: string; password: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get("code") ?? "");
    const credentials = firstStep ? { ...firstStep, code } : { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    if (firstStep && !code.trim()) {
      setError("Enter the code from your authenticator app, or a recovery code.");
      return;
    }
    setPending(true);
    setError(undefined);
    setShownNotice(undefined);
    try {
      const result = await signIn("credentials", { redirect: false, ...credentials });
      if (result?.error === CODE_REQUIRED && !firstStep) {
        setFirstStep({ email: credentials.email, password: credentials.password });
        setPending(false);
        return;
      }
      if (!result || result.error) {
        setError(!result ? "Sign-in failed. Try again." : result.error === "CredentialsSignin" ? "Wrong email or password." : result.error!);
        // The password changed meanwhile, say: the code step has nothing left to add to.
        if (result?.error === "CredentialsSignin") setFirstStep(null);
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

  if (firstStep) {
    return (
      <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <p className="text-sm text-slate-600">
          Two-factor sign-in is on for <strong className="wrap-anywhere">{firstStep.email}</strong>. Enter the 6-digit code your authenticator app shows, or one
          of your recovery codes.
        </p>
        <TextField
          key="code"
          id="code"
          name="code"
          label="Code"
          inputMode="text"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={40}
          required
          autoFocus
          hint="A recovery code works once."
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Checking…" : "Verify"}
        </Button>
        <p className="text-center text-sm text-slate-500">
          <button
            type="button"
            className="font-medium text-brand-600 hover:text-brand-700"
            onClick={() => {
              setFirstStep(null);
              setError(undefined);
            }}
          >
            Use another account
          </button>
        </p>
      </form>
    );
  }

  return (
    <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
      {shownNotice ? <Alert tone="success">{shownNotice}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField id="email" name="email" type="email" label="Email" autoComplete="email" required autoFocus />
      <TextField id="password" name="password" type="password" label="Password" autoComplete="current-password" required />
      <p className="-mt-2 text-right text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-600 hover:text-brand-700">
          Forgot your password?
        </Link>
      </p>
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
