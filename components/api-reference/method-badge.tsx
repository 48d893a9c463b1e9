/** The method in its colour (classes in app/globals.css: the reference repeats it on every operation). */
export function MethodBadge({ method }: { method: string }) {
  return <span className={`ref-method ref-method-${method}`}>{method}</span>;
}

/** Method badge and path on one line, the path allowed to wrap on a narrow screen. */
export function Endpoint({ method, path, label }: { method: string; path: string; label?: string }) {
  return (
    <div className="ref-endpoint">
      <MethodBadge method={method} />
      <code>{path}</code>
      {label ? <span>{label}</span> : null}
    </div>
  );
}
