import { lazy, Suspense, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { CONTACT } from "#domain/business";
import { marketingClaims } from "#domain/claims";
import type { MessageId } from "#domain/i18n";
import { PUBLIC_PAGES, TRANSLATED_PAGES } from "#domain/public-pages";
import { homePathForRole } from "#domain/roles";
import { LanguageSwitch } from "#web/components/language-switch";
import { Logo } from "#web/components/logo";
import { MenuButton } from "#web/components/menu-button";
import { ThemeToggle } from "#web/components/theme-toggle";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";
import { useStoreCount } from "#web/lib/store-count";

const HEADER_LINKS = [
  { to: paths.features, label: "nav.features" },
  { to: paths.pricing, label: "nav.pricing" },
  { to: paths.artistServices, label: "nav.artistServices" },
  { to: paths.production, label: "nav.production" },
  { to: paths.contact, label: "nav.contact" },
  { to: paths.supportPage, label: "nav.support" },
] as const satisfies readonly { to: string; label: MessageId }[];

function AccountButtons({ onNavigate, compact = false }: { onNavigate?: () => void; compact?: boolean }) {
  const t = useT();
  const { data: user, isPending } = useSession();
  // While the session loads, hold a place no wider than what comes (a phone header has no room to spare).
  if (isPending) return <span className={compact ? "h-9 w-16" : "h-10 w-24"} aria-hidden />;
  if (user) {
    return (
      <Button asChild size={compact ? "sm" : undefined}>
        <Link to={homePathForRole(user.role)} onClick={onNavigate}>
          {t("header.dashboard")}
        </Link>
      </Button>
    );
  }
  return (
    <>
      {/* On a phone the header keeps Sign Up; Login is in the menu. */}
      <Button asChild variant="ghost" className={compact ? "hidden sm:inline-flex" : undefined}>
        <Link to={paths.login} onClick={onNavigate}>
          {t("header.login")}
        </Link>
      </Button>
      <Button asChild size={compact ? "sm" : undefined}>
        <Link to={paths.register} onClick={onNavigate}>
          {t("header.signUp")}
        </Link>
      </Button>
    </>
  );
}

function NavLinks({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const t = useT();
  return (
    <ul className={className}>
      {HEADER_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            onClick={onNavigate}
            className={({ isActive }) =>
              `block rounded-md px-3 py-2 text-sm font-medium hover:bg-muted ${isActive ? "text-primary" : "text-foreground"}`
            }
          >
            {t(link.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

// Loaded when the phone menu is first opened: the landing page's script does without the dialog code.
const SideSheet = lazy(() => import("#web/components/side-sheet").then((m) => ({ default: m.SideSheet })));

/** The phone menu: closes when a link in it is tapped (the page it opens replaces it). */
function MobileMenu() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  return (
    <>
      <MenuButton
        ref={button}
        expanded={open}
        className="shrink-0"
        onOpen={() => {
          setOpened(true);
          setOpen(true);
        }}
      />
      {opened && (
        <Suspense fallback={null}>
          <SideSheet
            open={open}
            onOpenChange={setOpen}
            side="right"
            title={t("header.menu")}
            description={t("header.siteNavigation")}
            returnFocusTo={button}
          >
            <nav aria-label={t("nav.main")}>
              <NavLinks className="grid gap-1" onNavigate={close} />
            </nav>
            <div className="mt-6 flex flex-wrap gap-2">
              <AccountButtons onNavigate={close} />
            </div>
            <div className="mt-6 sm:hidden">
              <LanguageSwitch />
            </div>
          </SideSheet>
        </Suspense>
      )}
    </>
  );
}

function StatsBanner() {
  const t = useT();
  const stores = useStoreCount();
  return (
    <section aria-label={t("stats.label")} className="border-y border-border bg-muted">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-4 px-4 py-6 text-center md:grid-cols-4">
        {marketingClaims(stores).map((claim) => (
          <div key={claim.label}>
            <dt className="text-sm text-muted-foreground">{claim.label}</dt>
            <dd className="text-2xl font-bold text-primary">{claim.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Footer() {
  const t = useT();
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-muted-foreground">{t("footer.tagline")}</p>
        </div>
        <nav aria-label={t("footer.navigation")}>
          <h2 className="text-sm font-semibold">{t("footer.explore")}</h2>
          <NavLinks className="mt-2 grid gap-0.5 [&_a]:px-0 [&_a]:py-1" />
          <Link className="block py-1 text-sm font-medium hover:underline" to={paths.apiReference}>
            {t("footer.apiReference")}
          </Link>
        </nav>
        <div>
          <h2 className="text-sm font-semibold">{t("footer.contact")}</h2>
          <ul className="mt-2 grid gap-1 text-sm text-muted-foreground">
            <li>
              <a className="hover:underline" href={`mailto:${CONTACT.supportEmail}`}>
                {CONTACT.supportEmail}
              </a>
            </li>
            <li>
              <a className="hover:underline" href={`tel:${CONTACT.phone.replace(/\s/g, "")}`}>
                {CONTACT.phone}
              </a>
            </li>
            <li>
              <address className="not-italic">{CONTACT.address.join(", ")}</address>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold">{t("footer.businessHours")}</h2>
          <p className="mt-2 text-sm text-muted-foreground">{CONTACT.businessHours}</p>
        </div>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted-foreground">
        {t("footer.rights", { year: String(new Date().getFullYear()) })}
      </p>
    </footer>
  );
}

export function PublicLayout() {
  const t = useT();
  const { pathname } = useLocation();
  // A page whose body is not translated yet says so to screen readers and browsers (issue 39).
  const bodyLang = TRANSLATED_PAGES.includes(pathname) || !(pathname in PUBLIC_PAGES) ? undefined : "en";
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
      >
        {t("header.skip")}
      </a>
      <header className="sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
          <Link to={paths.home} aria-label={t("header.home")}>
            <Logo />
          </Link>
          <nav aria-label={t("nav.main")} className="hidden lg:block">
            <NavLinks className="flex gap-1" />
          </nav>
          <div className="flex items-center gap-2">
            <LanguageSwitch className="hidden sm:inline-flex" />
            <ThemeToggle />
            <div className="flex gap-2">
              <AccountButtons compact />
            </div>
            <MobileMenu />
          </div>
        </div>
      </header>
      <main id="main" className="flex-1" lang={bodyLang}>
        <Outlet />
      </main>
      <StatsBanner />
      <Footer />
    </div>
  );
}
