"use client";

import { useState } from "react";
import { cx } from "@/components/ui/cx";

export interface CodeExample {
  id: string;
  label: string;
  code: string;
}

/** Code examples in tabs, one language shown at a time. */
export function ExampleTabs({ examples }: { examples: CodeExample[] }) {
  const [active, setActive] = useState(examples[0].id);
  const current = examples.find((example) => example.id === active)!;
  return (
    <div>
      <div role="tablist" aria-label="Receiver example language" className="flex flex-wrap gap-1 border-b border-slate-200">
        {examples.map((example) => (
          <button
            key={example.id}
            type="button"
            role="tab"
            id={`receiver-tab-${example.id}`}
            aria-selected={example.id === active}
            aria-controls="receiver-example"
            onClick={() => setActive(example.id)}
            className={cx(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              example.id === active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-500 hover:text-slate-800",
            )}
          >
            {example.label}
          </button>
        ))}
      </div>
      <pre
        id="receiver-example"
        role="tabpanel"
        tabIndex={0}
        aria-labelledby={`receiver-tab-${active}`}
        className="mt-3 overflow-auto rounded-md bg-slate-900 px-3 py-3 font-mono text-xs leading-relaxed text-slate-100"
      >
        <code>{current.code}</code>
      </pre>
    </div>
  );
}
