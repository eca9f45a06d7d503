import { Controller, useForm } from "react-hook-form";
import { firstIssueMessage } from "../../../../domain/auth";
import {
  noticeFor,
  RELEASE_NOTICES,
  RELEASE_TYPE_LABELS,
  RELEASE_TYPES,
  type ReleaseInput,
  type ReleaseType,
  releaseInputSchema,
} from "../../../../domain/releases";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { toast } from "../../../components/ui/toast";
import type { Release } from "../api/releases";

export const EMPTY_RELEASE: Required<ReleaseInput> = {
  title: "",
  artistName: "",
  releaseType: "single",
  releaseDate: "",
  genre: "",
  upcEan: "",
  isExplicit: false,
  audioFileUrl: "",
  coverArtUrl: "",
};

export function releaseToInput(release: Release): Required<ReleaseInput> {
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

/** The upload form (spec §2, §5), also used to edit a release while it is pending review. */
export function ReleaseForm({
  initial = EMPTY_RELEASE,
  submitLabel,
  submittingLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Required<ReleaseInput>;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (input: ReleaseInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useForm<Required<ReleaseInput>>({ defaultValues: initial });
  const submit = form.handleSubmit(async (values) => {
    const parsed = releaseInputSchema.safeParse(values);
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
      <div className="grid gap-2">
        <Label htmlFor="release-audio">Audio File URL *</Label>
        <Input
          id="release-audio"
          type="url"
          placeholder="https://"
          aria-describedby="release-audio-hint"
          {...form.register("audioFileUrl")}
        />
        <p id="release-audio-hint" className="text-xs text-muted-foreground">
          WAV, FLAC or high-quality MP3. Files must be publicly accessible direct links.
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="release-artwork">Cover Art URL *</Label>
        <Input
          id="release-artwork"
          type="url"
          placeholder="https://"
          aria-describedby="release-artwork-hint"
          {...form.register("coverArtUrl")}
        />
        <p id="release-artwork-hint" className="text-xs text-muted-foreground">
          3000x3000 px, JPG or PNG. Files must be publicly accessible direct links.
        </p>
      </div>
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
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting}>
          {submitting ? submittingLabel : submitLabel}
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
