import type { ReactNode } from "react";
import { Link } from "react-router";
import { LanguageSwitch } from "#web/components/language-switch";
import { Logo } from "#web/components/logo";
import { paths } from "#web/config/paths";
import { useT } from "#web/lib/i18n";

/** The standalone frame of the sign-in, registration and password pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-h-screen items-center justify-center bg-background px-4 py-10">
      <main className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-between gap-2">
          <Link to={paths.home} aria-label={t("header.home")}>
            <Logo />
          </Link>
          <LanguageSwitch />
        </div>
        <div className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
