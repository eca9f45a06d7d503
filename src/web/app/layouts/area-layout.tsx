import type { LucideIcon } from "lucide-react";
import { LogOut } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Link, NavLink, Outlet, useNavigate } from "react-router";
import type { MessageId } from "#domain/i18n";
import { MESSAGES } from "#domain/messages";
import { Logo } from "#web/components/logo";
import { MenuButton } from "#web/components/menu-button";
import { SideSheet } from "#web/components/side-sheet";
import { ThemeToggle } from "#web/components/theme-toggle";
import { Button } from "#web/components/ui/button";
import { toast } from "#web/components/ui/toast";
import { UserBadge } from "#web/components/user-badge";
import { paths } from "#web/config/paths";
import { useSignOut } from "#web/features/auth/api/sign-out";
import { useT } from "#web/lib/i18n";
import type { SessionUser } from "#web/lib/session";

export interface NavItem {
  to: string;
  /** The catalogue key of its name. */
  label: MessageId;
  icon: LucideIcon;
}

function SideNav({ items, label, onNavigate }: { items: readonly NavItem[]; label: string; onNavigate?: () => void }) {
  const t = useT();
  return (
    <nav aria-label={label}>
      <ul className="grid gap-1">
        {items.map(({ to, label: text, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-primary text-primary-foreground" : "hover:bg-muted"}`
              }
            >
              <Icon className="h-4 w-4" aria-hidden />
              {t(text)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LogoutButton() {
  const t = useT();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const logout = async () => {
    try {
      await signOut.mutateAsync();
      toast({ title: MESSAGES.logout.successTitle, description: MESSAGES.logout.successDescription });
      navigate(paths.login, { replace: true });
    } catch (err) {
      toast({ title: MESSAGES.logout.failedTitle, description: (err as Error).message, variant: "destructive" });
    }
  };
  return (
    <Button variant="outline" className="w-full justify-start" onClick={logout} disabled={signOut.isPending}>
      <LogOut className="h-4 w-4" aria-hidden />
      {t("logout.button")}
    </Button>
  );
}

/** The shared frame of the artist and admin areas: top bar, side panel (a drawer on small screens), content. */
export function AreaLayout({
  user,
  homePath,
  navLabel,
  navItems,
  topBarExtra,
}: {
  user: SessionUser;
  homePath: string;
  navLabel: string;
  navItems: readonly NavItem[];
  topBarExtra?: ReactNode;
}) {
  const t = useT();
  // The drawer closes when one of its links is tapped.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = (onNavigate?: () => void) => (
    <div className="flex min-h-full flex-col gap-6">
      <SideNav items={navItems} label={navLabel} onNavigate={onNavigate} />
      <div className="mt-auto grid gap-3">
        <div className="sm:hidden">
          <ThemeToggle />
        </div>
        <LogoutButton />
      </div>
    </div>
  );
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
      >
        {t("header.skip")}
      </a>
      <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-background/95 px-4 backdrop-blur">
        <MenuButton ref={menuButton} expanded={drawerOpen} onOpen={() => setDrawerOpen(true)} />
        {/* Scrolls on a short phone, so Logout at the bottom is always reachable. */}
        <SideSheet
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          side="left"
          title={t("header.menu")}
          description={navLabel}
          returnFocusTo={menuButton}
          className="flex flex-col"
        >
          <div className="flex-1">{panel(() => setDrawerOpen(false))}</div>
        </SideSheet>
        <Link to={homePath} aria-label={t("area.home")}>
          <Logo />
        </Link>
        <div className="flex flex-1 items-center justify-end gap-2">
          {topBarExtra}
          <div className="hidden sm:block">
            <ThemeToggle />
          </div>
          <UserBadge user={user} />
        </div>
      </header>
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-64 shrink-0 border-r border-border p-4 lg:block">
          {panel()}
        </aside>
        <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
