"use client";

import { Link } from "@/components/ui/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { registerReseller } from "./actions";

export function RegisterForm() {
  const [registered, setRegistered] = useState<string>();
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    setPending(true);
    setError(undefined);
    setFieldErrors({});
    try {
      const result = await registerReseller(input);
      if (!result.ok) {
        setFieldErrors(result.fieldErrors ?? {});
        setError(result.fieldErrors && Object.keys(result.fieldErrors).length > 0 ? undefined : result.message);
        setPending(false);
        return;
      }
      // The same answer whether the address was new or taken: the page tells no one who has an account.
      setRegistered(result.data?.email ?? input.email);
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
      setPending(false);
    }
  }

  if (registered) {
    return (
      <div className="mt-6 space-y-4" data-testid="registered">
        <Alert tone="success">
          We sent a mail to <strong className="wrap-anywhere">{registered}</strong>. Follow its link to confirm your address, then sign in with the password you
          chose.
        </Alert>
        <p className="text-sm text-slate-500">No mail after a few minutes? Look in your spam folder, or check the address and register again.</p>
        <Link
          href="/login"
          className="inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Go to sign-in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField id="name" name="name" label="Name" autoComplete="organization" required maxLength={100} error={fieldErrors.name} />
      <TextField id="email" name="email" type="email" label="Email" autoComplete="email" required error={fieldErrors.email} />
      <TextField
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        required
        minLength={10}
        error={fieldErrors.password}
        hint="At least 10 characters."
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </Button>
      <p className="text-center text-sm text-slate-500">
        Already have an account?{" "}
        <Link href="/login" className="font-medium text-brand-600 hover:text-brand-700">
          Sign in
        </Link>
      </p>
    </form>
  );
}
