"use client";

import { useState, type ReactNode } from "react";
import { lazyText, loadDocument, type LazyBlock } from "./lazy-content";

/** A collapsed block whose JSON is read from the OpenAPI document when first opened (./lazy-content says why). */
export function LazyDetails({ block, summary, label, id }: { block: LazyBlock; summary: ReactNode; label: string; id?: string }) {
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [opened, setOpened] = useState(false);
  const open = () => {
    setOpened(true);
    if (text !== null) return;
    setFailed(false);
    loadDocument().then(
      (document) => setText(lazyText(document, block)),
      () => setFailed(true),
    );
  };
  return (
    <details id={id} className="ref-details" onToggle={(event) => (event.currentTarget.open ? open() : undefined)}>
      <summary>{summary}</summary>
      {opened ? (
        <pre tabIndex={0} aria-label={label} aria-busy={text === null && !failed} className="ref-pre">
          {failed ? "Could not load /api/v2/openapi.json; close and open again to retry." : (text ?? "Loading…")}
        </pre>
      ) : null}
    </details>
  );
}
