import { useState } from "react";
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind } from "#domain/workspaces";
import { usePageMeta } from "#web/components/page-title";
import { DataTable } from "#web/components/ui/data-table";
import { FormField } from "#web/components/ui/form-field";
import { Select } from "#web/components/ui/select";
import { useArtists } from "#web/features/artists/api/artists";
import { type AuditPage, useAuditLog } from "#web/features/workspaces/api/workspaces";
import { formatDateTime } from "#web/lib/format";

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
  usePageMeta("Audit log");
  const [kind, setKind] = useState<AuditKind | "">("");
  const [actor, setActor] = useState("");
  const [artist, setArtist] = useState("");
  const [page, setPage] = useState(1);
  const log = useAuditLog({ kind: kind || undefined, actor: actor || undefined, artist: artist || undefined, page });
  const artists = useArtists();
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Audit log</h1>
      <p className="text-muted-foreground">
        Every change to releases, splits, payee details, the plan, members and roles in this workspace. Entries can be
        read, never changed or removed.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id="audit-kind" label="What changed">
          {(control) => (
            <Select
              {...control}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as AuditKind | "");
                setPage(1);
              }}
            >
              <option value="">Everything</option>
              {AUDIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {AUDIT_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="audit-actor" label="Who">
          {(control) => (
            <Select
              {...control}
              value={actor}
              onChange={(e) => {
                setActor(e.target.value);
                setPage(1);
              }}
            >
              <option value="">Everyone</option>
              {(log.data?.actors ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="audit-artist" label="Artist">
          {(control) => (
            <Select
              {...control}
              value={artist}
              onChange={(e) => {
                setArtist(e.target.value);
                setPage(1);
              }}
            >
              <option value="">All artists</option>
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
        label="Audit log"
        rows={log.data?.entries}
        rowKey={(e) => e.id}
        loading={log.isPending}
        error={log.isError ? log.error.message : null}
        emptyText="Nothing recorded yet."
        paging={{ page, pageSize: PAGE_SIZE, total: log.data?.total ?? 0, onPage: setPage }}
        columns={[
          { header: "When", cell: (e) => formatDateTime(e.createdAt) },
          { header: "Who", cell: (e) => e.actorName },
          { header: "What", cell: (e) => AUDIT_KIND_LABELS[e.kind] },
          { header: "Change", rowHeader: true, cell: (e) => e.summary },
          { header: "Before → after", cell: changes, className: "max-w-[24rem] break-words text-sm" },
        ]}
      />
    </div>
  );
}
