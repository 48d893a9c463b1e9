import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getSessionUser } from "@/lib/auth/session";
import { RegisterForm } from "./register-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function RegisterPage() {
  if (await getSessionUser()) redirect("/");
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">Create a reseller account</h1>
      <p className="mt-1 text-sm text-slate-500">Buy wholesale from the panel or through the API, paid from a prepaid USD balance.</p>
      <RegisterForm />
    </div>
  );
}
