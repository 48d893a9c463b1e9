"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useSyncExternalStore, type MouseEvent, type ReactNode } from "react";

// Whether the phone menu is open: one menu per tab, shared by its button in the top bar and the menu
// itself, which the server places apart (the bar's backdrop blur would pin a fixed menu inside it).
let open = false;
const listeners = new Set<() => void>();
function setOpen(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const useOpen = () =>
  useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );

/** The top bar's menu button; Escape closes the menu wherever the focus is and gives it back to the button. */
export function MenuButton({ openIcon, closeIcon }: { openIcon: ReactNode; closeIcon: ReactNode }) {
  const isOpen = useOpen();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    }
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [isOpen]);
  return (
    <button
      ref={button}
      type="button"
      onClick={() => setOpen(!isOpen)}
      aria-expanded={isOpen}
      aria-controls="mobile-nav"
      className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span className="sr-only">{isOpen ? "Close menu" : "Open menu"}</span>
      {isOpen ? closeIcon : openIcon}
    </button>
  );
}

/**
 * The phone menu over the page, the navigation drawn by the server. It stays open, the clicked link's
 * spinner showing, until the page clicked arrives; a click on the page already shown closes it.
 */
export function MenuPanel({ children }: { children: ReactNode }) {
  const isOpen = useOpen();
  const pathname = usePathname();
  useEffect(() => setOpen(false), [pathname]);

  // A link to the page shown brings no new page, so nothing else would close the menu.
  function closeOnSamePage(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest("a");
    if (link && link.getAttribute("href") === pathname) setOpen(false);
  }

  return isOpen ? (
    <div id="mobile-nav" onClick={closeOnSamePage} className="fixed inset-x-0 top-14 bottom-0 z-20 overflow-y-auto bg-white px-3 py-4 lg:hidden">
      {children}
    </div>
  ) : null;
}
