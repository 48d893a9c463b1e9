import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Money } from "@/components/ui/money";
import { Brand } from "./brand";
import { Icon } from "./icons";
import { MenuButton, MenuPanel } from "./mobile-menu";
import type { NavSection } from "./nav-config";
import { NavLinks, type DrawnNavSection } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

export interface ShellUser {
  email: string;
  name: string;
  /** "admin" for a platform admin, else the person's role on the reseller account (owner, developer, ...). */
  role: string;
  /** Where the brand links: the first page of the person's menu. */
  home: string;
  /** Resellers only, formatted ("100.00"). */
  balance?: string;
  /** Unread notifications, for the bell. */
  unread: number;
}

/** The bell: a link to the notifications with the unread count. */
function Bell({ unread }: { unread: number }) {
  const label = unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`;
  return (
    <Link
      href="/notifications"
      aria-label={label}
      title={label}
      data-testid="bell"
      className="relative inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <Icon name="bell" className="h-6 w-6" />
      {unread > 0 ? (
        <span
          data-testid="bell-count"
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}

function UserBox({ user }: { user: ShellUser }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-3">
      <div className="flex items-center justify-between gap-2">
        <p className="truncate text-sm font-medium text-slate-900" title={user.email}>
          {user.email}
        </p>
        <Badge tone={user.role === "admin" ? "amber" : "blue"}>{user.role}</Badge>
      </div>
      {user.balance !== undefined ? (
        <p className="mt-1 text-sm text-slate-500">
          Balance <Money amount={user.balance} currency className="font-semibold text-slate-900" />
        </p>
      ) : null}
    </div>
  );
}

/**
 * The signed-in frame: a fixed sidebar from the lg breakpoint up; below it, a top bar whose menu
 * button opens the same navigation over the page. A server component: only the navigation's current
 * link, the phone menu's button and panel and the sign-out button run in the browser, and the icons are drawn here.
 */
export function PanelShell({ sections, user, children }: { sections: NavSection[]; user: ShellUser; children: ReactNode }) {
  const home = user.home;
  const drawn: DrawnNavSection[] = sections.map((section) => ({
    title: section.title,
    items: section.items.map(({ href, label, icon }) => ({ href, label, icon: <Icon name={icon} className="h-5 w-5" /> })),
  }));
  const signOut = <SignOutButton icon={<Icon name="signout" className="h-5 w-5 text-slate-400" />} />;
  return (
    <div className="min-h-screen lg:flex">
      {/* Keyboard users would otherwise tab through the whole navigation on every page. */}
      <a
        href="#content"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow-lg ring-1 ring-slate-200 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="hidden border-r border-slate-200 bg-white lg:block lg:w-64 lg:shrink-0">
        <div className="sticky top-0 flex h-screen flex-col">
          <div className="flex h-16 shrink-0 items-center justify-between gap-2 pr-3 pl-6">
            <Brand href={home} />
            <Bell unread={user.unread} />
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-4">
            <NavLinks sections={drawn} />
          </div>
          <div className="space-y-2 border-t border-slate-200 p-3">
            <UserBox user={user} />
            {signOut}
          </div>
        </div>
      </aside>

      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur lg:hidden">
          <Brand href={home} />
          <div className="flex items-center gap-1">
            <Bell unread={user.unread} />
            {user.balance !== undefined ? (
              <span className="rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-600">
                <Money amount={user.balance} currency className="font-semibold text-slate-900" />
              </span>
            ) : null}
            <MenuButton openIcon={<Icon name="menu" className="h-6 w-6" />} closeIcon={<Icon name="close" className="h-6 w-6" />} />
          </div>
        </header>

        <MenuPanel>
          <NavLinks sections={drawn} />
          <div className="mt-6 space-y-2 border-t border-slate-200 pt-4">
            <UserBox user={user} />
            {signOut}
          </div>
        </MenuPanel>

        <main id="content" tabIndex={-1} className="focus:outline-none">
          <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
        </main>
      </div>
    </div>
  );
}
