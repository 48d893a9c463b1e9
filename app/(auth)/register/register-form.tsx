"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { registerReseller } from "./actions";

export function RegisterForm() {
  const router = useRouter();
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
      const signedIn = await signIn("credentials", { redirect: false, email: input.email, password: input.password });
      if (!signedIn || signedIn.error) {
        // The account exists; only the automatic sign-in failed (for example, the sign-in limit).
        router.replace(signedIn?.error ? `/login?error=${encodeURIComponent(signedIn.error)}` : "/login");
        return;
      }
      router.replace("/dashboard");
      router.refresh();
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
      setPending(false);
    }
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
