import { useState } from "react";
import {
  ADMIN_RELEASE_MESSAGES,
  type ManualReleaseInput,
  manualReleaseSchema,
  RELEASE_TYPE_LABELS,
  RELEASE_TYPES,
} from "#domain/releases";
import { Button } from "#web/components/ui/button";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import { useManualRelease } from "#web/features/releases/api/create-manual-release";
import { useFieldErrors } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";

/** The fields that can be at fault, in the form's order, with their element ids. */
const MANUAL_FIELDS = ["title", "artistName", "upcEan", "releaseDate", "audioFileUrl", "coverArtUrl"] as const;
const MANUAL_IDS: Record<(typeof MANUAL_FIELDS)[number], string> = {
  title: "m-title",
  artistName: "m-artist",
  upcEan: "m-upc",
  releaseDate: "m-date",
  audioFileUrl: "m-audio",
  coverArtUrl: "m-art",
};

const EMPTY_MANUAL: Required<ManualReleaseInput> = {
  title: "",
  artistName: "",
  upcEan: "",
  releaseDate: "",
  releaseType: "single",
  genre: "",
  isExplicit: false,
  audioFileUrl: "",
  coverArtUrl: "",
};

export function ManualUploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useT();
  const create = useManualRelease();
  const [form, setForm] = useState(EMPTY_MANUAL);
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldErrors(MANUAL_FIELDS, (field) => MANUAL_IDS[field]);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [k]: e.target.value });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = manualReleaseSchema.safeParse(form);
    setError(null);
    if (!parsed.success) return fields.show(parsed.error, form, ADMIN_RELEASE_MESSAGES.manualRequired);
    fields.clear();
    try {
      await create.mutateAsync(parsed.data);
      toast({ title: t("manual.added"), description: t("manual.addedText", { title: parsed.data.title }) });
      setForm(EMPTY_MANUAL);
      onOpenChange(false);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("manual.title")} description={t("manual.intro")} className="max-w-2xl">
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id="m-title" label={t("manual.fTitle")} error={fields.errors.title} announce>
            {(control) => <Input {...control} value={form.title} onChange={set("title")} />}
          </FormField>
          <FormField id="m-artist" label={t("manual.fArtist")} error={fields.errors.artistName} announce>
            {(control) => <Input {...control} value={form.artistName} onChange={set("artistName")} />}
          </FormField>
          <FormField id="m-upc" label={t("manual.fUpc")} error={fields.errors.upcEan} announce>
            {(control) => <Input {...control} inputMode="numeric" value={form.upcEan} onChange={set("upcEan")} />}
          </FormField>
          <FormField id="m-date" label={t("manual.fDate")} error={fields.errors.releaseDate} announce>
            {(control) => <Input {...control} type="date" value={form.releaseDate} onChange={set("releaseDate")} />}
          </FormField>
          <FormField id="m-type" label={t("manual.fType")}>
            {(control) => (
              <Select {...control} value={form.releaseType} onChange={set("releaseType")}>
                {RELEASE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {RELEASE_TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="m-genre" label={t("manual.fGenre")}>
            {(control) => <Input {...control} value={form.genre} onChange={set("genre")} />}
          </FormField>
          <FormField
            id="m-audio"
            label={t("manual.fAudio")}
            error={fields.errors.audioFileUrl}
            announce
            className="sm:col-span-2"
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                placeholder="https://"
                value={form.audioFileUrl}
                onChange={set("audioFileUrl")}
              />
            )}
          </FormField>
          <FormField
            id="m-art"
            label={t("manual.fArt")}
            error={fields.errors.coverArtUrl}
            announce
            className="sm:col-span-2"
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                placeholder="https://"
                value={form.coverArtUrl}
                onChange={set("coverArtUrl")}
              />
            )}
          </FormField>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              checked={form.isExplicit}
              onChange={(e) => setForm({ ...form, isExplicit: e.target.checked })}
              className="h-4 w-4"
            />
            {t("manual.explicit")}
          </label>
          <div className="sm:col-span-2">
            <FormError message={error} />
          </div>
          <Button type="submit" disabled={create.isPending} className="sm:col-span-2">
            {create.isPending ? t("manual.uploading") : t("manual.add")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
