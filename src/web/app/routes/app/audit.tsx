import { useState } from "react";
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind, auditSummary } from "#domain/workspaces";
import { usePageMeta } from "#web/components/page-title";
import { DataTable } from "#web/components/ui/data-table";
import { FormField } from "#web/components/ui/form-field";
import { Select } from "#web/components/ui/select";
import { useArtists } from "#web/features/artists/api/artists";
import { type AuditPage, useAuditLog } from "#web/features/workspaces/api/workspaces";
import { formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

type Entry = AuditPage["entries"][number];
const PAGE_SIZE = 50;

/** What changed in an entry, field by field; a secret says only that it changed. */
function changes(entry: Entry) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (!keys.length) return "—";
  const show = (v: unknown) => (v === undefined || v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v));
  return keys.map((k) => `${k}: ${show(entry.before?.[k])} → ${show(entry.after?.[k])}`).join("; ");
}

/** The workspace's audit log (issue 35): every change, who made it and when, for owners and admins. */
export function AuditLogPage() {
  const t = useT();
  usePageMeta(t("area.nav.audit"));
  const [kind, setKind] = useState<AuditKind | "">("");
  const [actor, setActor] = useState("");
  const [artist, setArtist] = useState("");
  const [page, setPage] = useState(1);
  const log = useAuditLog({ kind: kind || undefined, actor: actor || undefined, artist: artist || undefined, page });
  const artists = useArtists();
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("area.nav.audit")}</h1>
      <p className="text-muted-foreground">{t("auditPage.intro")}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id="audit-kind" label={t("auditPage.what")}>
          {(control) => (
            <Select
              {...control}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as AuditKind | "");
                setPage(1);
              }}
            >
              <option value="">{t("auditPage.everything")}</option>
              {AUDIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {AUDIT_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="audit-actor" label={t("auditPage.who")}>
          {(control) => (
            <Select
              {...control}
              value={actor}
              onChange={(e) => {
                setActor(e.target.value);
                setPage(1);
              }}
            >
              <option value="">{t("auditPage.everyone")}</option>
              {(log.data?.actors ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="audit-artist" label={t("statement.artist")}>
          {(control) => (
            <Select
              {...control}
              value={artist}
              onChange={(e) => {
                setArtist(e.target.value);
                setPage(1);
              }}
            >
              <option value="">{t("auditPage.allArtists")}</option>
              {(artists.data?.artists ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <DataTable<Entry>
        label={t("area.nav.audit")}
        rows={log.data?.entries}
        rowKey={(e) => e.id}
        loading={log.isPending}
        error={log.isError ? log.error.message : null}
        emptyText={t("auditPage.empty")}
        paging={{ page, pageSize: PAGE_SIZE, total: log.data?.total ?? 0, onPage: setPage }}
        columns={[
          { header: t("auditPage.when"), cell: (e) => formatDateTime(e.createdAt) },
          { header: t("auditPage.who"), cell: (e) => e.actorName },
          { header: t("auditPage.whatCol"), cell: (e) => AUDIT_KIND_LABELS[e.kind] },
          { header: t("auditPage.change"), rowHeader: true, cell: (e) => auditSummary(e) },
          { header: t("auditPage.beforeAfter"), cell: changes, className: "max-w-[24rem] break-words text-sm" },
        ]}
      />
    </div>
  );
}
