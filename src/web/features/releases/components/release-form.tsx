import { useCallback, useState } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import { firstIssueMessage } from "#domain/auth";
import {
  noticeFor,
  RELEASE_NOTICES,
  RELEASE_TYPE_LABELS,
  RELEASE_TYPES,
  type ReleaseInput,
  type ReleaseType,
  releaseInputSchema,
} from "#domain/releases";
import { UPLOAD_MESSAGES } from "#domain/uploads";
import { Button } from "#web/components/ui/button";
import { Checkbox } from "#web/components/ui/checkbox";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import type { Release, Track } from "#web/features/releases/api/get-release";
import { FileField } from "#web/features/releases/components/file-field";

/** A track as the form holds it: featured artists as one comma-separated line. */
interface TrackRow {
  title: string;
  audioFileUrl: string;
  audioUploadId: string;
  isrc: string;
  isExplicit: boolean;
  featuredArtists: string;
}
export type ReleaseFormValues = Omit<Required<ReleaseInput>, "tracks"> & { tracks: TrackRow[] };

const EMPTY_TRACK: TrackRow = {
  title: "",
  audioFileUrl: "",
  audioUploadId: "",
  isrc: "",
  isExplicit: false,
  featuredArtists: "",
};

function toInput(values: ReleaseFormValues): ReleaseInput {
  return {
    ...values,
    tracks: values.tracks.map((t, i) => ({
      ...t,
      // Track 1's audio is the release's audio.
      audioFileUrl: i === 0 ? "" : t.audioFileUrl,
      audioUploadId: i === 0 ? "" : t.audioUploadId,
      featuredArtists: t.featuredArtists
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    })),
  };
}

export const EMPTY_RELEASE: ReleaseFormValues = {
  title: "",
  artistName: "",
  releaseType: "single",
  releaseDate: "",
  genre: "",
  upcEan: "",
  isExplicit: false,
  audioFileUrl: "",
  coverArtUrl: "",
  audioUploadId: "",
  coverArtUploadId: "",
  tracks: [EMPTY_TRACK],
};

export function releaseToInput(release: Release, tracks: Track[]): ReleaseFormValues {
  return {
    title: release.title,
    artistName: release.artistName,
    releaseType: (RELEASE_TYPES as readonly string[]).includes(release.releaseType)
      ? (release.releaseType as ReleaseType)
      : "single",
    releaseDate: release.releaseDate,
    genre: release.genre ?? "",
    upcEan: release.upcEan ?? "",
    isExplicit: release.isExplicit,
    audioFileUrl: release.audioFileUrl ?? "",
    coverArtUrl: release.coverArtUrl ?? "",
    audioUploadId: release.audioUploadId ?? "",
    coverArtUploadId: release.coverArtUploadId ?? "",
    tracks: tracks.length
      ? tracks.map((t) => ({
          title: t.title,
          audioFileUrl: t.audioFileUrl ?? "",
          audioUploadId: t.audioUploadId ?? "",
          isrc: t.isrc ?? "",
          isExplicit: t.isExplicit,
          featuredArtists: t.featuredArtists.join(", "),
        }))
      : [EMPTY_TRACK],
  };
}

/** Shows a failed upload: the spec's titled notice when the server names one, else its message. */
export function toastReleaseError(err: unknown) {
  const message = err instanceof Error ? err.message : RELEASE_NOTICES.uploadFailed;
  const notice = noticeFor(message);
  toast({
    title: notice?.title ?? RELEASE_NOTICES.uploadFailedTitle,
    description: notice?.description ?? message,
    variant: "destructive",
  });
}

/** The upload form (product §2, §5), also used to edit a release while it is pending review. */
export function ReleaseForm({
  initial = EMPTY_RELEASE,
  submitLabel,
  submittingLabel,
  onSubmit,
  onCancel,
}: {
  initial?: ReleaseFormValues;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (input: ReleaseInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useForm<ReleaseFormValues>({ defaultValues: initial });
  const trackRows = useFieldArray({ control: form.control, name: "tracks" });
  const releaseType = form.watch("releaseType");
  // Files still on their way, by field: Submit waits for them.
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const markBusy = useCallback(
    (slot: string, value: boolean) => setBusy((prev) => (prev[slot] === value ? prev : { ...prev, [slot]: value })),
    [],
  );
  const uploading = Object.values(busy).filter(Boolean).length;
  const submit = form.handleSubmit(async (values) => {
    if (uploading) return;
    const parsed = releaseInputSchema.safeParse(toInput(values));
    if (!parsed.success) {
      const message = firstIssueMessage(parsed.error);
      const notice = noticeFor(message);
      toast({
        title: notice?.title ?? RELEASE_NOTICES.missing.title,
        description: notice?.description ?? message,
        variant: "destructive",
      });
      return;
    }
    try {
      await onSubmit(parsed.data);
      form.reset(EMPTY_RELEASE);
    } catch (err) {
      toastReleaseError(err);
    }
  });
  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="release-title">Release Title *</Label>
          <Input id="release-title" maxLength={200} {...form.register("title")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="release-artist">Artist Name *</Label>
          <Input id="release-artist" maxLength={200} {...form.register("artistName")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="release-type">Release Type</Label>
          <Select id="release-type" {...form.register("releaseType")}>
            {RELEASE_TYPES.map((type) => (
              <option key={type} value={type}>
                {RELEASE_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="release-date">Release Date *</Label>
          <Input id="release-date" type="date" {...form.register("releaseDate")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="release-genre">Genre</Label>
          <Input id="release-genre" maxLength={60} {...form.register("genre")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="release-upc">UPC/EAN</Label>
          <Input
            id="release-upc"
            inputMode="numeric"
            maxLength={13}
            aria-describedby="release-upc-hint"
            {...form.register("upcEan")}
          />
          <p id="release-upc-hint" className="text-xs text-muted-foreground">
            Optional: 12 or 13 digits. Leave empty and we assign one.
          </p>
        </div>
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">Audio file * (track 1)</legend>
        <Controller
          control={form.control}
          name="audioUploadId"
          render={({ field }) => (
            <FileField
              kind="audio"
              label="Audio file"
              uploadId={field.value}
              onChange={field.onChange}
              onBusyChange={(b) => markBusy("audio", b)}
            />
          )}
        />
        <div className="grid gap-2">
          <Label htmlFor="release-audio">Audio File URL</Label>
          <Input
            id="release-audio"
            type="url"
            placeholder="https://"
            aria-describedby="release-audio-hint"
            {...form.register("audioFileUrl")}
          />
          <p id="release-audio-hint" className="text-xs text-muted-foreground">
            Or paste a link: a publicly accessible direct link to a WAV or FLAC file, 16 or 24-bit stereo at 44.1 kHz or
            more. An uploaded file is used instead of the link.
          </p>
        </div>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">Cover art *</legend>
        <Controller
          control={form.control}
          name="coverArtUploadId"
          render={({ field }) => (
            <FileField
              kind="artwork"
              label="Cover art"
              uploadId={field.value}
              onChange={field.onChange}
              onBusyChange={(b) => markBusy("artwork", b)}
            />
          )}
        />
        <div className="grid gap-2">
          <Label htmlFor="release-artwork">Cover Art URL</Label>
          <Input
            id="release-artwork"
            type="url"
            placeholder="https://"
            aria-describedby="release-artwork-hint"
            {...form.register("coverArtUrl")}
          />
          <p id="release-artwork-hint" className="text-xs text-muted-foreground">
            Or paste a link: 3000x3000 px, JPG or PNG, publicly accessible as a direct link.
          </p>
        </div>
      </fieldset>
      <div className="flex items-center gap-2">
        <Controller
          control={form.control}
          name="isExplicit"
          render={({ field }) => (
            <Checkbox id="release-explicit" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
          )}
        />
        <Label htmlFor="release-explicit">Contains explicit content</Label>
      </div>
      <fieldset className="grid gap-3 rounded-xl border border-border p-4">
        <legend className="px-1 font-medium">Tracks</legend>
        {trackRows.fields.map((field, i) => (
          <div key={field.id} className="grid gap-3 border-b border-border pb-3 last:border-0 last:pb-0 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`track-${i}-title`}>Track {i + 1} title</Label>
              <Input
                id={`track-${i}-title`}
                maxLength={200}
                placeholder={i === 0 ? "Same as the release title" : undefined}
                {...form.register(`tracks.${i}.title`)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`track-${i}-isrc`}>Track {i + 1} ISRC</Label>
              <Input
                id={`track-${i}-isrc`}
                maxLength={15}
                placeholder="Leave empty and we assign one"
                {...form.register(`tracks.${i}.isrc`)}
              />
            </div>
            {i > 0 && (
              <div className="grid gap-2 sm:col-span-2">
                <Controller
                  control={form.control}
                  name={`tracks.${i}.audioUploadId`}
                  render={({ field: f }) => (
                    <FileField
                      kind="audio"
                      label={`Track ${i + 1} audio`}
                      uploadId={f.value}
                      onChange={f.onChange}
                      onBusyChange={(b) => markBusy(field.id, b)}
                    />
                  )}
                />
                <Label htmlFor={`track-${i}-audio`}>Track {i + 1} audio file URL</Label>
                <Input
                  id={`track-${i}-audio`}
                  type="url"
                  placeholder="Or paste a link: https://"
                  {...form.register(`tracks.${i}.audioFileUrl`)}
                />
              </div>
            )}
            <div className="grid gap-2">
              <Label htmlFor={`track-${i}-featured`}>Track {i + 1} featured artists</Label>
              <Input
                id={`track-${i}-featured`}
                placeholder="Separate names with commas"
                {...form.register(`tracks.${i}.featuredArtists`)}
              />
            </div>
            <div className="flex items-end justify-between gap-2">
              <div className="flex items-center gap-2 pb-2">
                <Controller
                  control={form.control}
                  name={`tracks.${i}.isExplicit`}
                  render={({ field: f }) => (
                    <Checkbox
                      id={`track-${i}-explicit`}
                      checked={f.value}
                      onCheckedChange={(v) => f.onChange(v === true)}
                    />
                  )}
                />
                <Label htmlFor={`track-${i}-explicit`}>Track {i + 1} is explicit</Label>
              </div>
              {i > 0 && (
                <Button type="button" variant="outline" size="sm" onClick={() => trackRows.remove(i)}>
                  Remove track {i + 1}
                </Button>
              )}
            </div>
          </div>
        ))}
        {releaseType === "single" ? (
          <p className="text-xs text-muted-foreground">
            A single has one track. Choose EP, Album or Compilation to add more.
          </p>
        ) : (
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => trackRows.append(EMPTY_TRACK)}
          >
            Add track
          </Button>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting || uploading > 0}>
          {uploading > 0 ? UPLOAD_MESSAGES.waiting(uploading) : submitting ? submittingLabel : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
