const COLORS: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  post: "bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200",
  put: "bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200",
  delete: "bg-rose-100 text-rose-800 dark:bg-rose-900/50 dark:text-rose-200",
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`inline-block shrink-0 rounded px-2 py-0.5 font-mono text-xs font-bold uppercase tracking-wide ${COLORS[method] ?? "bg-zinc-100 text-zinc-800"}`}
    >
      {method}
    </span>
  );
}

/** Method badge and path on one line, the path allowed to wrap on a narrow screen. */
export function Endpoint({ method, path, label }: { method: string; path: string; label?: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <MethodBadge method={method} />
      <code className="break-all font-mono text-sm text-zinc-900 dark:text-zinc-100">{path}</code>
      {label ? <span className="text-xs text-zinc-500 dark:text-zinc-400">{label}</span> : null}
    </div>
  );
}
