/* eslint-disable @next/next/no-html-link-for-pages -- a plain anchor: next/link here would weigh on every page (app/not-found.tsx) */
import type { ReactNode } from "react";
import { BrandMark } from "./brand-mark";

/** A page outside the panel's frame (not found, failed): the brand as the way in, a heading, and what follows. */
export function StandalonePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10 text-center">
      <a href="/" className="mb-8 flex items-center gap-2 rounded-md text-slate-900">
        <BrandMark />
      </a>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {children}
    </main>
  );
}
