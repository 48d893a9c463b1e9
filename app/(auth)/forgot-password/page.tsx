import type { Metadata } from "next";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">Forgot your password?</h1>
      <p className="mt-1 text-sm text-slate-500">
        Enter your account&apos;s email address. We mail you a link to choose a new password; it works once, for 30 minutes.
      </p>
      <ForgotPasswordForm />
    </div>
  );
}
