import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Metadata } from "next";

export const metadata: Metadata = { title: "API changelog" };

// GET /docs/api-changelog - docs/api-changelog.md as it is in the deployed tree, linked from /docs.
export default async function ApiChangelogPage() {
  const text = await readFile(path.join(process.cwd(), "docs", "api-changelog.md"), "utf8").catch(() => null);
  return (
    <main className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:px-6">
      <p className="text-sm">
        <a href="/docs" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
          API reference
        </a>
      </p>
      <h1 className="text-2xl font-bold text-zinc-900 dark:text-zinc-50">API changelog</h1>
      {text ? (
        <pre className="whitespace-pre-wrap break-words font-sans text-sm leading-relaxed text-zinc-800 dark:text-zinc-200">{text}</pre>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No API changes are recorded yet.</p>
      )}
    </main>
  );
}
