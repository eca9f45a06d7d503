import { Menu } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { CONTACT } from "#domain/business";
import { marketingClaims } from "#domain/claims";
import { homePathForRole } from "#domain/roles";
import { Logo } from "#web/components/logo";
import { ThemeToggle } from "#web/components/theme-toggle";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { useSession } from "#web/lib/session";
import { useStoreCount } from "#web/lib/store-count";

const HEADER_LINKS = [
  { to: paths.features, label: "Features" },
  { to: paths.pricing, label: "Pricing" },
  { to: paths.artistServices, label: "Artist Services" },
  { to: paths.production, label: "Production" },
  { to: paths.contact, label: "Contact Us" },
  { to: paths.supportPage, label: "Support" },
] as const;

function AccountButtons({ onNavigate, compact = false }: { onNavigate?: () => void; compact?: boolean }) {
  const { data: user, isPending } = useSession();
  // While the session loads, hold a place no wider than what comes (a phone header has no room to spare).
  if (isPending) return <span className={compact ? "h-9 w-16" : "h-10 w-24"} aria-hidden />;
  if (user) {
    return (
      <Button asChild size={compact ? "sm" : undefined}>
        <Link to={homePathForRole(user.role)} onClick={onNavigate}>
          Dashboard
        </Link>
      </Button>
    );
  }
  return (
    <>
      {/* On a phone the header keeps Sign Up; Login is in the menu. */}
      <Button asChild variant="ghost" className={compact ? "hidden sm:inline-flex" : undefined}>
        <Link to={paths.login} onClick={onNavigate}>
          Login
        </Link>
      </Button>
      <Button asChild size={compact ? "sm" : undefined}>
        <Link to={paths.register} onClick={onNavigate}>
          Sign Up
        </Link>
      </Button>
    </>
  );
}

function NavLinks({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
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
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The phone menu: closes when a link in it is tapped (the page it opens replaces it). */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="shrink-0 lg:hidden">
          <Menu className="h-5 w-5" aria-hidden />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 w-72 max-w-full overflow-y-auto bg-card p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          <nav aria-label="Main" className="mt-4">
            <NavLinks className="grid gap-1" onNavigate={close} />
          </nav>
          <div className="mt-6 flex flex-wrap gap-2">
            <AccountButtons onNavigate={close} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function StatsBanner() {
  const stores = useStoreCount();
  return (
    <section aria-label="Kalrav in numbers" className="border-y border-border bg-muted">
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
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-muted-foreground">
            Music distribution for independent artists and labels, India first.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold">Explore</h2>
          <NavLinks className="mt-2 grid gap-0.5 [&_a]:px-0 [&_a]:py-1" />
          <Link className="block py-1 text-sm font-medium hover:underline" to={paths.apiReference}>
            API reference
          </Link>
        </nav>
        <div>
          <h2 className="text-sm font-semibold">Contact</h2>
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
          <h2 className="text-sm font-semibold">Business hours</h2>
          <p className="mt-2 text-sm text-muted-foreground">{CONTACT.businessHours}</p>
        </div>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} Kalrav. Artists keep 100% of their rights.
      </p>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
          <Link to={paths.home} aria-label="Kalrav home">
            <Logo />
          </Link>
          <nav aria-label="Main" className="hidden lg:block">
            <NavLinks className="flex gap-1" />
          </nav>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <div className="flex gap-2">
              <AccountButtons compact />
            </div>
            <MobileMenu />
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <StatsBanner />
      <Footer />
    </div>
  );
}
