"use client";

import { useState, type ReactNode, type SyntheticEvent } from "react";
import type { OpenApiDocument } from "@/lib/api/openapi/types";
import { lazyText, loadDocument, type LazyBlock } from "./lazy-content";

/**
 * The OpenAPI document, fetched when a collapsed block is first opened (./lazy-content says why): what
 * the example answers, the schemas and the example requests of /docs are written from.
 */
export function useDocumentWhenOpened() {
  const [document, setDocument] = useState<OpenApiDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [opened, setOpened] = useState(false);
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open) return;
    setOpened(true);
    if (document !== null) return;
    setFailed(false);
    loadDocument().then(setDocument, () => setFailed(true));
  };
  return { document, failed, opened, onToggle };
}

export const LOAD_FAILED = "Could not load /api/v2/openapi.json; close and open again to retry.";

/** A collapsed block whose JSON is read from the OpenAPI document when first opened. */
export function LazyDetails({ block, summary, label, id }: { block: LazyBlock; summary: ReactNode; label: string; id?: string }) {
  const { document, failed, opened, onToggle } = useDocumentWhenOpened();
  return (
    <details id={id} onToggle={onToggle}>
      <summary>{summary}</summary>
      {opened ? (
        <pre tabIndex={0} aria-label={label} aria-busy={document === null && !failed} className="ref-pre">
          {failed ? LOAD_FAILED : document ? lazyText(document, block) : "Loading…"}
        </pre>
      ) : null}
    </details>
  );
}
