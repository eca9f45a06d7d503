import { RELEASE_EVENT_LABELS } from "#domain/releases";
import type { ReleaseHistoryEntry } from "#web/features/releases/api/get-release";
import { formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

/** What happened to the release and when, oldest first, with each reviewer's note as it was written. */
export function ReleaseHistory({ history }: { history: ReleaseHistoryEntry[] }) {
  const t = useT();
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="history-heading" className="grid gap-3">
      <h2 id="history-heading" className="text-lg font-semibold">
        {t("history.title")}
      </h2>
      <ol className="grid gap-2 border-l border-border pl-4">
        {history.map((entry) => (
          <li key={`${entry.kind}-${entry.at}`} className="text-sm">
            <p>
              <span className="font-medium">{RELEASE_EVENT_LABELS[entry.kind]}</span>{" "}
              <span className="text-muted-foreground">· {formatDate(entry.at)}</span>
            </p>
            {entry.note && <p className="mt-1 text-muted-foreground">{t("history.note", { note: entry.note })}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
