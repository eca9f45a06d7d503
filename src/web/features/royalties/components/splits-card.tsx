import { Copy, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { todayIst } from "#domain/clock";
import { formatInr, RUPEES_PATTERN, rupeesToPaise } from "#domain/money";
import {
  SPLIT_MESSAGES,
  SPLIT_ROLE_LABELS,
  SPLIT_ROLES,
  type SplitRole,
  splitSheetSchema,
  splitTemplateSchema,
} from "#domain/splits";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { DataTable } from "#web/components/ui/data-table";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import {
  type Splits,
  type SplitTemplate,
  useDeleteSplitTemplate,
  useSaveSplit,
  useSaveSplitTemplate,
  useSplits,
  useSplitTemplates,
} from "#web/features/royalties/api/splits";
import { ApiClientError } from "#web/lib/api-client";
import { formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

interface Row {
  /** Stable across edits and removals (React's key). */
  key: number;
  name: string;
  role: SplitRole;
  email: string;
  phone: string;
  percent: string;
  isOwner: boolean;
}

/** Who shares this release's royalties, track by track, and the collaborators' invites. */
export function SplitsCard({ releaseId, ownerName }: { releaseId: string; ownerName: string }) {
  const t = useT();
  const splits = useSplits(releaseId);
  const [editing, setEditing] = useState<string | null>(null);
  if (splits.isPending) return null;
  if (splits.isError || !splits.data) return null;
  const data = splits.data;
  return (
    <Card>
      <section aria-labelledby="splits-heading" className="grid gap-4">
        <h2 id="splits-heading" className="text-xl font-semibold">
          {t("splits.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("splits.intro")}</p>
        {data.tracks.map((track) => (
          <div key={track.id} className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium">
                {track.position}. {track.title}
              </h3>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEditing(editing === track.id ? null : track.id)}
                aria-expanded={editing === track.id}
              >
                {track.current || track.upcoming.length ? t("splits.change") : t("splits.add")}
                <span className="sr-only">{t("splits.forTrack", { title: track.title })}</span>
              </Button>
            </div>
            {track.current ? (
              <SheetTable
                sheet={track.current}
                caption={t("splits.since", { title: track.title, date: formatDate(track.current.effectiveFrom) })}
              />
            ) : (
              <p className="text-sm text-muted-foreground">{t("splits.allYours")}</p>
            )}
            {track.upcoming.map((u) => (
              <SheetTable key={u.id} sheet={u} caption={t("splits.from", { date: formatDate(u.effectiveFrom) })} />
            ))}
            {editing === track.id && (
              <SplitForm
                releaseId={releaseId}
                trackId={track.id}
                trackCount={data.tracks.length}
                ownerName={ownerName}
                current={track.upcoming.at(-1) ?? track.current}
                onDone={() => setEditing(null)}
              />
            )}
          </div>
        ))}
        {data.collaborators.length > 0 && <Collaborators list={data.collaborators} />}
      </section>
    </Card>
  );
}

type Sheet = NonNullable<Splits["tracks"][number]["current"]>;

function SheetTable({ sheet, caption }: { sheet: Sheet; caption: string }) {
  const t = useT();
  return (
    <DataTable
      caption={caption}
      rows={sheet.shares}
      rowKey={(s) => `${s.collaboratorId ?? "owner"}-${s.role}`}
      emptyText={t("splits.noShares")}
      columns={[
        { header: t("ui.col.name"), cell: (s) => (s.isOwner ? t("splits.you", { name: s.name }) : s.name) },
        { header: t("ui.col.role"), cell: (s) => SPLIT_ROLE_LABELS[s.role] },
        { header: t("splits.share"), cell: (s) => `${s.percent} %` },
      ]}
      footer={
        sheet.recoupment && (
          <tr>
            <td colSpan={3} className="px-3 py-2 text-sm text-muted-foreground">
              {t("splits.repaidFirst", {
                name: sheet.recoupment.name,
                amount: formatInr(sheet.recoupment.amountPaise),
              })}
            </td>
          </tr>
        )
      }
    />
  );
}

function Collaborators({ list }: { list: Splits["collaborators"] }) {
  const t = useT();
  return (
    <div className="grid gap-2">
      <h3 className="font-medium">{t("splits.collaborators")}</h3>
      <ul className="grid gap-2">
        {list.map((c) => (
          <li
            key={c.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
          >
            <div>
              <p className="font-medium">
                {c.name} <span className="text-sm text-muted-foreground">({SPLIT_ROLE_LABELS[c.role]})</span>
              </p>
              <p className="text-sm text-muted-foreground">
                {c.accepted
                  ? t("splits.accepted")
                  : t("splits.pending", { held: formatInr(c.heldPaise, { decimals: true }) })}
              </p>
            </div>
            {c.inviteUrl ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={async () => {
                    await navigator.clipboard?.writeText(c.inviteUrl ?? "").catch(() => undefined);
                    toast({ title: t("splits.copied"), description: c.inviteUrl ?? "" });
                  }}
                >
                  <Copy className="h-4 w-4" aria-hidden />
                  {t("splits.copy")}
                  <span className="sr-only">{t("splits.forName", { name: c.name })}</span>
                </Button>
                <Button size="sm" variant="outline" asChild>
                  <a
                    href={`https://wa.me/?text=${encodeURIComponent(t("splits.whatsappText", { url: c.inviteUrl ?? "" }))}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {t("splits.whatsapp")}
                    <span className="sr-only">{t("splits.whatsappWith", { name: c.name })}</span>
                  </a>
                </Button>
              </div>
            ) : (
              <Badge tone="success">{t("splits.accepted")}</Badge>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

let rowKeys = 0;
const nextKey = () => {
  rowKeys += 1;
  return rowKeys;
};

function SplitForm({
  releaseId,
  trackId,
  trackCount,
  ownerName,
  current,
  onDone,
}: {
  releaseId: string;
  trackId: string;
  trackCount: number;
  ownerName: string;
  current: Sheet | null;
  onDone: () => void;
}) {
  const t = useT();
  const id = useId();
  const save = useSaveSplit(releaseId);
  const splits = useSplits(releaseId);
  const people = new Map((splits.data?.collaborators ?? []).map((c) => [c.id, c]));
  const today = todayIst();
  const [rows, setRows] = useState<Row[]>(
    current
      ? current.shares.map((s) => ({
          key: nextKey(),
          name: s.name,
          role: s.role,
          email: (s.collaboratorId && people.get(s.collaboratorId)?.email) || "",
          phone: (s.collaboratorId && people.get(s.collaboratorId)?.phone) || "",
          percent: s.percent,
          isOwner: s.isOwner,
        }))
      : [
          { key: nextKey(), name: ownerName, role: "artist", email: "", phone: "", percent: "100", isOwner: true },
          { key: nextKey(), name: "", role: "producer", email: "", phone: "", percent: "0", isOwner: false },
        ],
  );
  const [effectiveFrom, setEffectiveFrom] = useState(today);
  const [applyToAll, setApplyToAll] = useState(false);
  const [recoupIndex, setRecoupIndex] = useState("");
  const [recoupRupees, setRecoupRupees] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fieldId = (i: number, field: string) => `${id}-${i}-${field}`;

  const update = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  /** A template's rows in the form; the owner's row keeps the owner's own name. */
  const applyTemplate = (template: SplitTemplate) => {
    setRows(template.collaborators.map((c) => ({ key: nextKey(), ...c, name: c.isOwner ? ownerName : c.name })));
    setRecoupIndex("");
    setErrors({});
    setFormError(null);
  };
  /** Shows a refusal's messages beside their fields and moves focus to the first. */
  const showIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
    const found: Record<string, string> = {};
    for (const issue of issues) {
      const [root, index, field] = issue.path;
      const key =
        root === "collaborators" && typeof index === "number" ? fieldId(index, String(field ?? "name")) : String(root);
      found[key] ??= issue.message;
    }
    setErrors(found);
    setFormError(found.collaborators ?? found.recoupment ?? null);
    const first = Object.keys(found).find((k) => document.getElementById(k));
    if (first) document.getElementById(first)?.focus();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // Not a plain amount: left for the server to refuse beside the field, never guessed.
    const recoupPaise = !recoupRupees
      ? 0
      : RUPEES_PATTERN.test(recoupRupees.trim())
        ? rupeesToPaise(recoupRupees)
        : Number.NaN;
    const sheet = {
      effectiveFrom,
      applyToAllTracks: applyToAll,
      collaborators: rows.map(({ key: _key, ...row }) => row),
      recoupment:
        recoupIndex && recoupRupees ? { collaboratorIndex: Number(recoupIndex), amountPaise: recoupPaise } : null,
    };
    const parsed = splitSheetSchema.safeParse(sheet);
    if (!parsed.success) return showIssues(parsed.error.issues);
    setErrors({});
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ trackId, sheet });
      toast({ title: SPLIT_MESSAGES.savedTitle, description: SPLIT_MESSAGES.saved(saved.pendingInvites) });
      onDone();
    } catch (err) {
      setFormError(err instanceof ApiClientError ? err.message : t("splits.saveFailed"));
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-md border border-border p-3"
      aria-label={t("splits.sheet")}
    >
      <TemplatePicker onApply={applyTemplate} />
      {rows.map((row, i) => (
        <fieldset key={row.key} className="grid gap-2 sm:grid-cols-6">
          <legend className="sr-only">
            {row.isOwner ? t("splits.yourShare") : t("splits.collaboratorN", { n: i })}
          </legend>
          {(["name", "email", "phone"] as const).map((field) =>
            row.isOwner && field !== "name" ? null : (
              <FormField
                key={field}
                id={fieldId(i, field)}
                className="sm:col-span-1"
                label={
                  field === "name"
                    ? row.isOwner
                      ? t("splits.youLabel")
                      : t("splits.name")
                    : field === "email"
                      ? t("splits.email")
                      : t("splits.mobile")
                }
                error={errors[fieldId(i, field)]}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={row[field]}
                    readOnly={row.isOwner}
                    type={field === "email" ? "email" : field === "phone" ? "tel" : "text"}
                    onChange={(e) => update(i, { [field]: e.target.value })}
                  />
                )}
              </FormField>
            ),
          )}
          <FormField id={fieldId(i, "role")} label={t("splits.role")}>
            {(control) => (
              <Select {...control} value={row.role} onChange={(e) => update(i, { role: e.target.value as SplitRole })}>
                {SPLIT_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {SPLIT_ROLE_LABELS[r]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id={fieldId(i, "percent")} label={t("splits.percent")} error={errors[fieldId(i, "percent")]}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={row.percent}
                onChange={(e) => update(i, { percent: e.target.value })}
              />
            )}
          </FormField>
          {!row.isOwner && (
            <div className="flex items-end">
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
                <span className="sr-only">
                  {t("splits.remove", { name: row.name || t("splits.collaboratorN", { n: i }) })}
                </span>
              </Button>
            </div>
          )}
        </fieldset>
      ))}
      <div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() =>
            setRows((rs) => [
              ...rs,
              { key: nextKey(), name: "", role: "producer", email: "", phone: "", percent: "0", isOwner: false },
            ])
          }
        >
          <Plus className="h-4 w-4" aria-hidden />
          {t("splits.addCollaborator")}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id={`${id}-from`} label={t("splits.effective")}>
          {(control) => (
            <Input
              {...control}
              type="date"
              min={today}
              value={effectiveFrom}
              onChange={(e) => setEffectiveFrom(e.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-recoup-who`} label={t("splits.repayWho")}>
          {(control) => (
            <Select {...control} value={recoupIndex} onChange={(e) => setRecoupIndex(e.target.value)}>
              <option value="">{t("splits.nobody")}</option>
              {rows.map((r, i) =>
                r.isOwner ? null : (
                  <option key={r.key} value={String(i)}>
                    {r.name || t("splits.collaboratorN", { n: i })}
                  </option>
                ),
              )}
            </Select>
          )}
        </FormField>
        <FormField id={`${id}-recoup-amount`} label={t("splits.repayAmount")} error={errors.recoupment}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={recoupRupees}
              onChange={(e) => setRecoupRupees(e.target.value)}
            />
          )}
        </FormField>
      </div>
      {trackCount > 1 && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={applyToAll} onChange={(e) => setApplyToAll(e.target.checked)} />
          {t("splits.applyAll")}
        </label>
      )}
      <SaveAsTemplate rows={rows} onIssues={showIssues} />
      <FormError message={formError} />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("ui.saving") : t("splits.save")}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("ui.cancel")}
        </Button>
      </div>
    </form>
  );
}

/** Starts the split from a saved template, or deletes one. Nothing shows until a template is saved. */
function TemplatePicker({ onApply }: { onApply: (template: SplitTemplate) => void }) {
  const t = useT();
  const id = useId();
  const templates = useSplitTemplates();
  const remove = useDeleteSplitTemplate();
  const list = templates.data?.templates ?? [];
  const [chosen, setChosen] = useState("");
  const template = list.find((one) => one.id === chosen) ?? list[0];
  if (!template) return null;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FormField id={id} label={t("splits.startFrom")}>
        {(control) => (
          <Select {...control} value={template.id} onChange={(e) => setChosen(e.target.value)}>
            {list.map((one) => (
              <option key={one.id} value={one.id}>
                {one.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <Button type="button" size="sm" variant="outline" onClick={() => onApply(template)}>
        {t("splits.useTemplate")}
      </Button>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutateAsync(template.id).then(
            () => toast({ title: t("splits.deleted"), description: template.name }),
            (err: Error) => toast({ title: t("ui.actionFailed"), description: err.message, variant: "destructive" }),
          )
        }
      >
        <Trash2 className="h-4 w-4" aria-hidden />
        {t("splits.deleteTemplate")}
        <span className="sr-only"> {template.name}</span>
      </Button>
    </div>
  );
}

/** Saves the form's collaborators and shares as a named template, for the next release with the same people. */
function SaveAsTemplate({
  rows,
  onIssues,
}: {
  rows: Row[];
  onIssues: (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => void;
}) {
  const t = useT();
  const id = useId();
  const save = useSaveSplitTemplate();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    const input = { name, collaborators: rows.map(({ key: _key, ...row }) => row) };
    const parsed = splitTemplateSchema.safeParse(input);
    if (!parsed.success) {
      const nameIssue = parsed.error.issues.find((i) => i.path[0] === "name");
      setError(nameIssue?.message);
      if (nameIssue) document.getElementById(id)?.focus();
      else onIssues(parsed.error.issues);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(input);
      toast({ title: t("splits.templateSaved"), description: SPLIT_MESSAGES.templateSaved(parsed.data.name) });
      setName("");
    } catch (err) {
      setError(err instanceof ApiClientError ? err.message : t("splits.templateFailed"));
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FormField id={id} label={t("splits.templateName")} error={error}>
        {(control) => (
          <Input
            {...control}
            value={name}
            placeholder={t("splits.templateExample")}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </FormField>
      <Button type="button" size="sm" variant="outline" disabled={save.isPending} onClick={submit}>
        {t("splits.saveTemplate")}
      </Button>
    </div>
  );
}
