import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "#web/config/paths";
import { useT } from "#web/lib/i18n";

/** The top bar's search: finds the artist's own releases by title. */
export function ReleaseSearch() {
  const t = useT();
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = term.trim();
    navigate(q ? `${paths.app.releases}?q=${encodeURIComponent(q)}` : paths.app.releases);
  };
  return (
    <search className="relative hidden max-w-xs flex-1 md:block">
      <form onSubmit={submit}>
        <label htmlFor="release-search" className="sr-only">
          {t("search.releases")}
        </label>
        <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-muted-foreground" aria-hidden />
        <input
          id="release-search"
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder={t("search.releases")}
          className="h-9 w-full rounded-md border border-border bg-background pl-9 pr-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        />
      </form>
    </search>
  );
}
