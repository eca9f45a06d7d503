import { Bell, Search } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "#web/config/paths";
import { useAdminSummary } from "#web/features/dashboard/api/get-admin-summary";
import { useAdminSearch } from "#web/features/search/api/search";
import { useT } from "#web/lib/i18n";
import { useDebounced } from "#web/lib/use-debounced";

/** Finds users, releases and tickets from the header; each result opens its list filtered to it. */
export function AdminSearch() {
  const t = useT();
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const q = useDebounced(term.trim());
  const results = useAdminSearch(q);
  const data = results.data;
  const empty = data && !data.users.length && !data.releases.length && !data.tickets.length;
  const link = (to: string, label: string, key: string) => (
    <li key={key}>
      <Link to={to} onClick={() => setOpen(false)} className="block truncate rounded px-2 py-1 text-sm hover:bg-muted">
        {label}
      </Link>
    </li>
  );
  return (
    <Popover.Root open={open && q.length > 0} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <search className="relative hidden max-w-xs flex-1 md:block">
          <label htmlFor="admin-search" className="sr-only">
            {t("adminSearch.label")}
          </label>
          <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-muted-foreground" aria-hidden />
          <input
            id="admin-search"
            type="search"
            value={term}
            placeholder={t("adminSearch.placeholder")}
            onChange={(e) => {
              setTerm(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            className="h-9 w-full rounded-md border border-border bg-background pl-9 pr-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          />
        </search>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          onOpenAutoFocus={(e) => e.preventDefault()}
          className="z-50 w-80 rounded-md border border-border bg-card p-2 shadow-md"
          aria-label={t("adminSearch.results")}
        >
          {results.isFetching && !data && (
            <p className="p-2 text-sm text-muted-foreground">{t("adminSearch.searching")}</p>
          )}
          {empty && <p className="p-2 text-sm text-muted-foreground">{t("adminSearch.nothing")}</p>}
          {data && data.users.length > 0 && (
            <section aria-label={t("adminSearch.users")}>
              <h2 className="px-2 pt-1 text-xs font-semibold uppercase text-muted-foreground">
                {t("adminSearch.users")}
              </h2>
              <ul>
                {data.users.map((u) =>
                  link(`${paths.admin.users}?q=${encodeURIComponent(u.email)}`, `${u.name} · ${u.email}`, u.id),
                )}
              </ul>
            </section>
          )}
          {data && data.releases.length > 0 && (
            <section aria-label={t("adminSearch.releases")}>
              <h2 className="px-2 pt-1 text-xs font-semibold uppercase text-muted-foreground">
                {t("adminSearch.releases")}
              </h2>
              <ul>
                {data.releases.map((r) =>
                  link(
                    `${paths.admin.releases}?q=${encodeURIComponent(r.title)}`,
                    `${r.title} · ${r.artistName}`,
                    r.id,
                  ),
                )}
              </ul>
            </section>
          )}
          {data && data.tickets.length > 0 && (
            <section aria-label={t("adminSearch.tickets")}>
              <h2 className="px-2 pt-1 text-xs font-semibold uppercase text-muted-foreground">
                {t("adminSearch.tickets")}
              </h2>
              <ul>
                {data.tickets.map((t) =>
                  link(`${paths.admin.tickets}?q=${encodeURIComponent(t.subject)}`, `#${t.number} ${t.subject}`, t.id),
                )}
              </ul>
            </section>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Lights when releases await review or tickets are open. */
export function AdminAlertDot() {
  const t = useT();
  const { data } = useAdminSummary();
  const pending = data?.totals.pendingReleases ?? 0;
  const open = data?.totals.openTickets ?? 0;
  const label = t("adminSearch.alert", { pending, open });
  return (
    <Link
      to={pending ? paths.admin.releases : paths.admin.tickets}
      aria-label={label}
      title={label}
      className="relative rounded-md p-2 hover:bg-muted"
    >
      <Bell className="h-5 w-5" aria-hidden />
      {pending + open > 0 && (
        <span className="absolute right-1.5 top-1.5 h-2.5 w-2.5 rounded-full bg-red-600" aria-hidden />
      )}
    </Link>
  );
}
