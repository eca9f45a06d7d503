import { useCallback, useEffect, useId, useState } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import type { z } from "zod";
import {
  AI_ANSWERS,
  AI_AREA_LABELS,
  AI_AREAS,
  AI_LEVEL_LABELS,
  AI_LEVELS,
  AI_MESSAGES,
  type AiAnswer,
  type AiLevel,
  NO_AI,
  releaseAiLevel,
  type TrackAi,
} from "#domain/ai-disclosure";
import { todayIst } from "#domain/clock";
import {
  CONTRIBUTOR_ROLE_LABELS,
  CONTRIBUTOR_ROLES,
  type ContributorRole,
  PERFORMANCE_LANGUAGE_CODES,
  PERFORMANCE_LANGUAGES,
  type PerformanceLanguage,
} from "#domain/credits";
import { LYRICS_MESSAGES } from "#domain/lyrics";
import {
  COMPILATION_MESSAGES,
  isPastDate,
  noticeFor,
  PRE_ORDER_MESSAGES,
  RELEASE_DATE_MESSAGES,
  RELEASE_NOTICES,
  RELEASE_TIMING_LABELS,
  RELEASE_TIMINGS,
  RELEASE_TYPE_LABELS,
  RELEASE_TYPES,
  type ReleaseInput,
  type ReleaseType,
  releaseInputSchema,
} from "#domain/releases";
import { SCRIPT_MESSAGES } from "#domain/scripts";
import { RELEASE_SHAPE, TRACK_MESSAGES } from "#domain/tracks";
import { UPLOAD_MESSAGES } from "#domain/uploads";
import { LatinField } from "#web/components/latin-field";
import { Button } from "#web/components/ui/button";
import { Checkbox } from "#web/components/ui/checkbox";
import { FieldError, fieldErrorProps } from "#web/components/ui/field-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Label } from "#web/components/ui/label";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import type { Release, Track } from "#web/features/releases/api/get-release";
import { usePreflight } from "#web/features/releases/api/preflight-release";
import { DisputeCodeDialog } from "#web/features/releases/components/dispute-code-dialog";
import { FileField } from "#web/features/releases/components/file-field";
import { StoreVerdictsView } from "#web/features/releases/components/store-verdicts";
import { ApiClientError } from "#web/lib/api-client";
import { languageName } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
import { LyricsFields } from "./lyrics-fields";

/** A track as the form holds it: featured artists and each kind of credit as one comma-separated line. */
interface TrackRow extends Record<ContributorRole, string> {
  title: string;
  /** The title's and the version's Latin forms, when they are in an Indian script (issue 39). */
  titleLatin: string;
  /** What makes the recording a version ("Remix"), kept out of the title. */
  version: string;
  versionLatin: string;
  /** A compilation track's own artist. */
  artistName: string;
  /** Heard during the pre-order. */
  instantGrat: boolean;
  /** The AI declaration by area, used when the artist answered that AI made some of it. */
  ai: TrackAi;
  audioFileUrl: string;
  audioUploadId: string;
  isrc: string;
  isExplicit: boolean;
  featuredArtists: string;
  remixers: string;
  /** The words as sung, their Latin form, and LRC (issue 39); empty: none. */
  lyrics: string;
  lyricsLatin: string;
  lyricsSynced: string;
  /** The language sung on this track when not the release's; "zxx": instrumental; empty: the release's. */
  language: PerformanceLanguage | "";
}
export type ReleaseFormValues = Omit<Required<ReleaseInput>, "tracks" | "aiUsed" | "artworkAi"> & {
  /** Unanswered until the artist picks one. */
  aiUsed: AiAnswer | "";
  artworkAi: AiLevel | "";
  tracks: TrackRow[];
};

const names = (line: string) =>
  line
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);

const EMPTY_TRACK: TrackRow = {
  title: "",
  titleLatin: "",
  version: "",
  versionLatin: "",
  artistName: "",
  instantGrat: false,
  ai: NO_AI,
  audioFileUrl: "",
  audioUploadId: "",
  isrc: "",
  isExplicit: false,
  featuredArtists: "",
  remixers: "",
  composer: "",
  lyricist: "",
  producer: "",
  lyrics: "",
  lyricsLatin: "",
  lyricsSynced: "",
  language: "",
};

/** What the artist declared before: unanswered, "no" (all of it human) or "yes". */
function answeredAi(release: Release, tracks: Track[]): AiAnswer | "" {
  const level = releaseAiLevel(tracks, release.artworkAi);
  return level === null ? "" : level === "none" ? "no" : "yes";
}

function toInput(values: ReleaseFormValues): ReleaseInput {
  const detailed = values.aiUsed === "yes";
  return {
    ...values,
    aiUsed: values.aiUsed || undefined,
    // "No" declares everything human on the server; "yes" sends the answers.
    artworkAi: detailed && values.artworkAi ? values.artworkAi : null,
    tracks: values.tracks.map(({ composer, lyricist, producer, ...t }, i) => ({
      ...t,
      ai: detailed ? t.ai : null,
      // Track 1's audio is the release's audio.
      audioFileUrl: i === 0 ? "" : t.audioFileUrl,
      audioUploadId: i === 0 ? "" : t.audioUploadId,
      featuredArtists: names(t.featuredArtists),
      remixers: names(t.remixers),
      contributors: (
        [
          ["composer", composer],
          ["lyricist", lyricist],
          ["producer", producer],
        ] as const
      ).flatMap(([role, line]) => names(line).map((name) => ({ name, role }))),
    })),
  };
}

/** Today in the artist's own time zone, as the date input writes dates. */

type FieldKey =
  | "title"
  | "titleLatin"
  | "artistName"
  | "releaseDate"
  | "originalReleaseDate"
  | "labelName"
  | "aiUsed"
  | "preOrderDate"
  | "instantGratDate"
  | "audioFileUrl"
  | "coverArtUrl"
  | "upcEan"
  | "tracks";
type FieldErrors = Partial<Record<FieldKey, string>>;
/** Where each field's message goes, in the order the form reads (the first at fault takes focus). */
const FIELD_IDS: Record<FieldKey, string> = {
  title: "release-title",
  titleLatin: "release-title-latin",
  artistName: "release-artist",
  releaseDate: "release-date",
  originalReleaseDate: "release-original-date",
  labelName: "release-label",
  preOrderDate: "release-pre-order",
  instantGratDate: "release-instant-grat",
  audioFileUrl: "release-audio",
  coverArtUrl: "release-artwork",
  upcEan: "release-upc",
  tracks: "track-0-title",
  // Asked last, after the tracks it is about.
  aiUsed: "release-ai-no",
};
const FIELD_ORDER = Object.keys(FIELD_IDS) as FieldKey[];

/** The schema's messages by field; "required fields" goes to the first required field left empty. */
function fieldErrors(error: z.ZodError, input: ReleaseInput): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    let key = String(issue.path[0] ?? "title") as FieldKey;
    if (issue.message === RELEASE_NOTICES.missing.description) {
      const empty: [FieldKey, boolean][] = [
        ["title", !input.title?.trim()],
        ["artistName", !input.artistName?.trim()],
        ["releaseDate", !input.releaseDate?.trim()],
        ["audioFileUrl", !input.audioUploadId && !input.audioFileUrl?.trim()],
        ["coverArtUrl", !input.coverArtUploadId && !input.coverArtUrl?.trim()],
      ];
      key = empty.find(([, isEmpty]) => isEmpty)?.[0] ?? "title";
    }
    if (!(key in FIELD_IDS)) key = "title";
    out[key] ??= issue.message;
  }
  return out;
}

export const EMPTY_RELEASE: ReleaseFormValues = {
  title: "",
  titleLatin: "",
  artistName: "",
  releaseType: "single",
  releaseDate: "",
  originalReleaseDate: "",
  genre: "",
  language: "",
  labelName: "",
  releaseTiming: "local",
  preOrderDate: "",
  instantGratDate: "",
  aiUsed: "",
  artworkAi: "",
  upcEan: "",
  isExplicit: false,
  audioFileUrl: "",
  coverArtUrl: "",
  audioUploadId: "",
  coverArtUploadId: "",
  tracks: [EMPTY_TRACK],
};

/** A track's credits as the form's lines: "A, B" per role. */
function creditLines(contributors: readonly { name: string; role: string }[]): Record<ContributorRole, string> {
  const line = (role: ContributorRole) =>
    contributors
      .filter((c) => c.role === role)
      .map((c) => c.name)
      .join(", ");
  return { composer: line("composer"), lyricist: line("lyricist"), producer: line("producer") };
}

export function releaseToInput(release: Release, tracks: Track[]): ReleaseFormValues {
  return {
    title: release.title,
    titleLatin: release.titleLatin ?? "",
    artistName: release.artistName,
    releaseType: (RELEASE_TYPES as readonly string[]).includes(release.releaseType)
      ? (release.releaseType as ReleaseType)
      : "single",
    releaseDate: release.releaseDate,
    originalReleaseDate: release.originalReleaseDate ?? "",
    genre: release.genre ?? "",
    language: (PERFORMANCE_LANGUAGE_CODES as readonly string[]).includes(release.language ?? "")
      ? (release.language as PerformanceLanguage)
      : "",
    labelName: release.labelName ?? "",
    releaseTiming: release.releaseTiming,
    preOrderDate: release.preOrderDate ?? "",
    instantGratDate: release.instantGratDate ?? "",
    aiUsed: answeredAi(release, tracks),
    artworkAi: release.artworkAi ?? "",
    upcEan: release.upcEan ?? "",
    isExplicit: release.isExplicit,
    audioFileUrl: release.audioFileUrl ?? "",
    coverArtUrl: release.coverArtUrl ?? "",
    audioUploadId: release.audioUploadId ?? "",
    coverArtUploadId: release.coverArtUploadId ?? "",
    tracks: tracks.length
      ? tracks.map((t) => ({
          title: t.title,
          titleLatin: t.titleLatin ?? "",
          version: t.version ?? "",
          versionLatin: t.versionLatin ?? "",
          artistName: t.artistName ?? "",
          instantGrat: t.instantGrat,
          ai: t.ai ?? NO_AI,
          audioFileUrl: t.audioFileUrl ?? "",
          audioUploadId: t.audioUploadId ?? "",
          isrc: t.isrc ?? "",
          isExplicit: t.isExplicit,
          featuredArtists: t.featuredArtists.join(", "),
          remixers: t.remixers.join(", "),
          ...creditLines(t.contributors),
          lyrics: t.lyrics ?? "",
          lyricsLatin: t.lyricsLatin ?? "",
          lyricsSynced: t.lyricsSynced ?? "",
          language: (PERFORMANCE_LANGUAGE_CODES as readonly string[]).includes(t.language ?? "")
            ? (t.language as PerformanceLanguage)
            : "",
        }))
      : [EMPTY_TRACK],
  };
}

/** The languages sung, after the choice that says none (the release's: not said; a track's: the release's). */
function LanguageOptions({ unsaid }: { unsaid: string }) {
  return (
    <>
      <option value="">{unsaid}</option>
      {PERFORMANCE_LANGUAGES.map(([code, label]) => (
        <option key={code} value={code}>
          {languageName(code, label)}
        </option>
      ))}
    </>
  );
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
  onDirtyChange,
  preOrdersAllowed = false,
  editing,
  artistProfiles = [],
}: {
  /**
   * The workspace's artist profiles, offered as the artist is typed (issue 35): picking one credits
   * the release to it; a new name becomes a profile while the plan allows.
   */
  artistProfiles?: readonly string[];
  /** The release being edited, if any: the stores' check judges the edit, not a copy of it. */
  editing?: string;
  initial?: ReleaseFormValues;
  /** Whether the artist's plan includes pre-orders and instant-grat tracks (Pro and Label). */
  preOrdersAllowed?: boolean;
  submitLabel: string;
  submittingLabel: string;
  /** `blockingFiles`: uploaded files the form already showed as refused by stores. */
  onSubmit: (input: ReleaseInput, facts: { blockingFiles: number }) => Promise<void>;
  onCancel?: () => void;
  /** Whether the form holds work (typed metadata, uploaded files) that closing it would lose. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const t = useT();
  const form = useForm<ReleaseFormValues>({ defaultValues: initial });
  // Ids unique to this form: the upload form and an edit dialog can be on the page at once.
  const uid = useId();
  const idOf = (name: string) => `${uid}${name}`;
  const trackRows = useFieldArray({ control: form.control, name: "tracks" });
  const releaseType = form.watch("releaseType");
  // Files still on their way, by field: Submit waits for them.
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const markBusy = useCallback(
    (slot: string, value: boolean) => setBusy((prev) => (prev[slot] === value ? prev : { ...prev, [slot]: value })),
    [],
  );
  const uploading = Object.values(busy).filter(Boolean).length;
  const [blocked, setBlocked] = useState<Record<string, boolean>>({});
  const markBlocked = useCallback(
    (slot: string, value: boolean) => setBlocked((prev) => (prev[slot] === value ? prev : { ...prev, [slot]: value })),
    [],
  );
  const dirty = form.formState.isDirty || uploading > 0;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [errors, setErrors] = useState<FieldErrors>({});
  // A code another release holds: the refusal stays in the form with the way to dispute it.
  const [disputable, setDisputable] = useState<{ code: string; message: string } | null>(null);
  const releaseDate = form.watch("releaseDate");
  const instantGratDate = form.watch("instantGratDate");
  const aiUsed = form.watch("aiUsed");
  const pastDate = isPastDate(releaseDate, todayIst());
  const [releasedBefore, setReleasedBefore] = useState(Boolean(initial.originalReleaseDate));
  /** The form's values as the API takes them, or null with each problem shown beside its field. */
  const validated = (values: ReleaseFormValues): ReleaseInput | null => {
    const input = toInput({
      ...values,
      originalReleaseDate: pastDate && releasedBefore ? values.originalReleaseDate : "",
    });
    const parsed = releaseInputSchema.safeParse(input);
    const found = parsed.success ? {} : fieldErrors(parsed.error, input);
    if (pastDate && releasedBefore && !input.originalReleaseDate && !found.originalReleaseDate) {
      found.originalReleaseDate = RELEASE_DATE_MESSAGES.originalRequired;
    }
    setErrors(found);
    const first = FIELD_ORDER.find((key) => found[key]);
    if (first) {
      // The message shows beside the field, which takes focus; the spec's toast still names it.
      document.getElementById(idOf(FIELD_IDS[first]))?.focus();
      const message = found[first] ?? "";
      const notice = noticeFor(message);
      toast({
        title: notice?.title ?? RELEASE_NOTICES.missing.title,
        description: notice?.description ?? message,
        variant: "destructive",
      });
      return null;
    }
    return parsed.success ? parsed.data : null;
  };
  // The release as it stood when the artist last asked the stores' verdict (null: not asked).
  const [checked, setChecked] = useState<ReleaseInput | null>(null);
  const check = form.handleSubmit((values) => {
    const input = validated(values);
    if (input) setChecked(input);
  });
  const submit = form.handleSubmit(async (values) => {
    if (uploading) return;
    const input = validated(values);
    if (!input) return;
    try {
      await onSubmit(input, { blockingFiles: Object.values(blocked).filter(Boolean).length });
      setDisputable(null);
      setChecked(null);
      form.reset(EMPTY_RELEASE);
      setReleasedBefore(false);
    } catch (err) {
      const details = err instanceof ApiClientError ? (err.details as { disputable?: string } | undefined) : undefined;
      setDisputable(
        details?.disputable ? { code: details.disputable, message: err instanceof Error ? err.message : "" } : null,
      );
      toastReleaseError(err);
    }
  });
  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={idOf("release-title")} label={t("form.title")} error={errors.title}>
          {(control) => <Input {...control} maxLength={200} {...form.register("title")} />}
        </FormField>
        <LatinField
          id={idOf("release-title-latin")}
          title={form.watch("title")}
          value={form.watch("titleLatin")}
          onChange={(value, byArtist) => form.setValue("titleLatin", value, { shouldDirty: byArtist })}
          error={errors.titleLatin}
        />
        <FormField
          id={idOf("release-artist")}
          label={t("form.artist")}
          hint={artistProfiles.length ? t("form.artistHint") : undefined}
          error={errors.artistName}
        >
          {(control) => (
            <>
              <Input
                {...control}
                maxLength={200}
                list={artistProfiles.length ? `${idOf("release-artist")}-profiles` : undefined}
                {...form.register("artistName")}
              />
              {artistProfiles.length ? (
                <datalist id={`${idOf("release-artist")}-profiles`}>
                  {artistProfiles.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              ) : null}
            </>
          )}
        </FormField>
        <FormField id={idOf("release-type")} label={t("form.type")}>
          {(control) => (
            <Select {...control} {...form.register("releaseType")}>
              {RELEASE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {RELEASE_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id={idOf("release-date")} label={t("form.date")} error={errors.releaseDate}>
          {(control) => <Input {...control} type="date" {...form.register("releaseDate")} />}
        </FormField>
        {pastDate && (
          <fieldset className="grid gap-2 rounded-lg border border-border p-3 sm:col-span-2">
            <legend className="px-1 text-sm font-medium">{RELEASE_DATE_MESSAGES.pastQuestion}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="released-before"
                checked={!releasedBefore}
                onChange={() => setReleasedBefore(false)}
              />
              {RELEASE_DATE_MESSAGES.newMusic}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="released-before"
                checked={releasedBefore}
                onChange={() => setReleasedBefore(true)}
              />
              {RELEASE_DATE_MESSAGES.releasedBefore}
            </label>
            {releasedBefore && (
              <FormField
                id={idOf("release-original-date")}
                label={RELEASE_DATE_MESSAGES.originalLabel}
                error={errors.originalReleaseDate}
                className="sm:max-w-xs"
              >
                {(control) => (
                  <Input {...control} type="date" max={releaseDate} {...form.register("originalReleaseDate")} />
                )}
              </FormField>
            )}
          </fieldset>
        )}
        <fieldset className="grid gap-2 rounded-lg border border-border p-3 sm:col-span-2">
          <legend className="px-1 text-sm font-medium">{t("form.timing")}</legend>
          {RELEASE_TIMINGS.map((timing) => (
            <label key={timing} className="flex items-center gap-2 text-sm">
              <input type="radio" value={timing} {...form.register("releaseTiming")} />
              {RELEASE_TIMING_LABELS[timing]}
            </label>
          ))}
        </fieldset>
        <fieldset className="grid gap-3 rounded-lg border border-border p-3 sm:col-span-2 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium">{t("form.preOrder")}</legend>
          <FormField
            id={idOf("release-pre-order")}
            label={PRE_ORDER_MESSAGES.preOrderLabel}
            hint={preOrdersAllowed ? PRE_ORDER_MESSAGES.hint : PRE_ORDER_MESSAGES.planOnly}
            error={errors.preOrderDate}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                max={releaseDate || undefined}
                disabled={!preOrdersAllowed}
                {...form.register("preOrderDate")}
              />
            )}
          </FormField>
          <FormField
            id={idOf("release-instant-grat")}
            label={PRE_ORDER_MESSAGES.instantGratLabel}
            error={errors.instantGratDate}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                max={releaseDate || undefined}
                disabled={!preOrdersAllowed}
                {...form.register("instantGratDate")}
              />
            )}
          </FormField>
        </fieldset>
        <FormField id={idOf("release-genre")} label={t("form.genre")}>
          {(control) => <Input {...control} maxLength={60} {...form.register("genre")} />}
        </FormField>
        <FormField id={idOf("release-language")} label={t("form.language")}>
          {(control) => (
            <Select {...control} {...form.register("language")}>
              <LanguageOptions unsaid={t("form.notSpecified")} />
            </Select>
          )}
        </FormField>
        <FormField
          id={idOf("release-label")}
          label={releaseType === "compilation" ? t("form.labelRequired") : t("form.label")}
          hint={COMPILATION_MESSAGES.labelHint}
          error={errors.labelName}
        >
          {(control) => <Input {...control} maxLength={200} {...form.register("labelName")} />}
        </FormField>
        <FormField id={idOf("release-upc")} label={t("form.upc")} hint={t("form.upcHint")} error={errors.upcEan}>
          {(control) => <Input {...control} inputMode="numeric" maxLength={13} {...form.register("upcEan")} />}
        </FormField>
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">{t("form.audioLegend")}</legend>
        <Controller
          control={form.control}
          name="audioUploadId"
          render={({ field }) => (
            <FileField
              kind="audio"
              label={t("form.audio")}
              uploadId={field.value}
              onChange={field.onChange}
              onBusyChange={(b) => markBusy("audio", b)}
              onBlockingChange={(b) => markBlocked("audio", b)}
            />
          )}
        />
        <FormField
          id={idOf("release-audio")}
          label={t("form.audioUrl")}
          hint={t("form.audioUrlHint")}
          error={errors.audioFileUrl}
        >
          {(control) => (
            <Input {...control} type="url" placeholder={t("form.urlPlaceholder")} {...form.register("audioFileUrl")} />
          )}
        </FormField>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">{t("form.coverLegend")}</legend>
        <Controller
          control={form.control}
          name="coverArtUploadId"
          render={({ field }) => (
            <FileField
              kind="artwork"
              label={t("form.cover")}
              uploadId={field.value}
              onChange={field.onChange}
              onBusyChange={(b) => markBusy("artwork", b)}
              onBlockingChange={(b) => markBlocked("artwork", b)}
            />
          )}
        />
        <FormField
          id={idOf("release-artwork")}
          label={t("form.coverUrl")}
          hint={t("form.coverUrlHint")}
          error={errors.coverArtUrl}
        >
          {(control) => (
            <Input {...control} type="url" placeholder={t("form.urlPlaceholder")} {...form.register("coverArtUrl")} />
          )}
        </FormField>
      </fieldset>
      <div className="flex items-center gap-2">
        <Controller
          control={form.control}
          name="isExplicit"
          render={({ field }) => (
            <Checkbox
              id={idOf("release-explicit")}
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v === true)}
            />
          )}
        />
        <Label htmlFor={idOf("release-explicit")}>{t("form.explicit")}</Label>
      </div>
      <fieldset
        className="grid gap-3 rounded-xl border border-border p-4"
        aria-describedby={errors.tracks ? idOf("release-tracks-error") : undefined}
      >
        <legend className="px-1 font-medium">{t("form.tracks")}</legend>
        <FieldError id={idOf("release-tracks-error")} message={errors.tracks} />
        {trackRows.fields.map((field, i) => (
          <div key={field.id} className="grid gap-3 border-b border-border pb-3 last:border-0 last:pb-0 sm:grid-cols-2">
            <FormField id={`${uid}track-${i}-title`} label={t("form.trackTitle", { n: i + 1 })}>
              {(control) => (
                <Input
                  {...control}
                  maxLength={200}
                  placeholder={i === 0 ? t("form.sameAsRelease") : undefined}
                  {...form.register(`tracks.${i}.title`)}
                />
              )}
            </FormField>
            <LatinField
              id={`${uid}track-${i}-title-latin`}
              title={form.watch(`tracks.${i}.title`)}
              value={form.watch(`tracks.${i}.titleLatin`)}
              onChange={(value, byArtist) => form.setValue(`tracks.${i}.titleLatin`, value, { shouldDirty: byArtist })}
              label={SCRIPT_MESSAGES.trackLatinLabel(i + 1)}
            />
            <FormField
              id={`${uid}track-${i}-version`}
              label={t("form.trackVersion", { n: i + 1 })}
              hint={TRACK_MESSAGES.versionHint}
            >
              {(control) => <Input {...control} maxLength={100} {...form.register(`tracks.${i}.version`)} />}
            </FormField>
            <LatinField
              id={`${uid}track-${i}-version-latin`}
              title={form.watch(`tracks.${i}.version`)}
              value={form.watch(`tracks.${i}.versionLatin`)}
              onChange={(value, byArtist) =>
                form.setValue(`tracks.${i}.versionLatin`, value, { shouldDirty: byArtist })
              }
              label={SCRIPT_MESSAGES.trackVersionLatinLabel(i + 1)}
              hint={SCRIPT_MESSAGES.versionLatinHint}
            />
            {releaseType === "compilation" && (
              <FormField
                id={`${uid}track-${i}-artist`}
                label={t("form.trackArtist", { n: i + 1 })}
                hint={COMPILATION_MESSAGES.trackArtistHint}
              >
                {(control) => <Input {...control} maxLength={200} {...form.register(`tracks.${i}.artistName`)} />}
              </FormField>
            )}
            <FormField id={`${uid}track-${i}-language`} label={LYRICS_MESSAGES.trackLanguageLabel(i + 1)}>
              {(control) => (
                <Select {...control} {...form.register(`tracks.${i}.language`)}>
                  <LanguageOptions unsaid={LYRICS_MESSAGES.sameAsRelease} />
                </Select>
              )}
            </FormField>
            <FormField id={`${uid}track-${i}-isrc`} label={t("form.trackIsrc", { n: i + 1 })}>
              {(control) => (
                <Input
                  {...control}
                  maxLength={15}
                  placeholder={t("form.assignOne")}
                  {...form.register(`tracks.${i}.isrc`)}
                />
              )}
            </FormField>
            {i > 0 && (
              <div className="grid gap-2 sm:col-span-2">
                <Controller
                  control={form.control}
                  name={`tracks.${i}.audioUploadId`}
                  render={({ field: f }) => (
                    <FileField
                      kind="audio"
                      label={t("form.trackAudio", { n: i + 1 })}
                      uploadId={f.value}
                      onChange={f.onChange}
                      onBusyChange={(b) => markBusy(field.id, b)}
                      onBlockingChange={(b) => markBlocked(field.id, b)}
                    />
                  )}
                />
                <FormField id={`${uid}track-${i}-audio`} label={t("form.trackAudioUrl", { n: i + 1 })}>
                  {(control) => (
                    <Input
                      {...control}
                      type="url"
                      placeholder={t("form.orPaste")}
                      {...form.register(`tracks.${i}.audioFileUrl`)}
                    />
                  )}
                </FormField>
              </div>
            )}
            <FormField id={`${uid}track-${i}-featured`} label={t("form.trackFeatured", { n: i + 1 })}>
              {(control) => (
                <Input {...control} placeholder={t("form.commas")} {...form.register(`tracks.${i}.featuredArtists`)} />
              )}
            </FormField>
            <FormField
              id={`${uid}track-${i}-remixers`}
              label={t("form.trackRemixers", { n: i + 1 })}
              hint={t("form.remixHint")}
            >
              {(control) => (
                <Input {...control} placeholder={t("form.commas")} {...form.register(`tracks.${i}.remixers`)} />
              )}
            </FormField>
            {CONTRIBUTOR_ROLES.map((role) => (
              <FormField
                key={role}
                id={`${uid}track-${i}-${role}`}
                label={t("form.trackRole", { n: i + 1, role: CONTRIBUTOR_ROLE_LABELS[role].many.toLowerCase() })}
              >
                {(control) => (
                  <Input {...control} placeholder={t("form.commas")} {...form.register(`tracks.${i}.${role}`)} />
                )}
              </FormField>
            ))}
            <LyricsFields
              id={`${uid}track-${i}-lyrics`}
              position={i + 1}
              value={{
                lyrics: form.watch(`tracks.${i}.lyrics`) ?? "",
                lyricsLatin: form.watch(`tracks.${i}.lyricsLatin`) ?? "",
                lyricsSynced: form.watch(`tracks.${i}.lyricsSynced`) ?? "",
              }}
              onChange={(name, text) => form.setValue(`tracks.${i}.${name}`, text, { shouldDirty: true })}
            />
            <div className="flex items-end justify-between gap-2">
              <div className="flex items-center gap-2 pb-2">
                <Controller
                  control={form.control}
                  name={`tracks.${i}.isExplicit`}
                  render={({ field: f }) => (
                    <Checkbox
                      id={`${uid}track-${i}-explicit`}
                      checked={f.value}
                      onCheckedChange={(v) => f.onChange(v === true)}
                    />
                  )}
                />
                <Label htmlFor={`${uid}track-${i}-explicit`}>{t("form.trackExplicit", { n: i + 1 })}</Label>
              </div>
              {preOrdersAllowed && instantGratDate && (
                <div className="flex items-center gap-2 pb-2">
                  <Controller
                    control={form.control}
                    name={`tracks.${i}.instantGrat`}
                    render={({ field: f }) => (
                      <Checkbox
                        id={`${uid}track-${i}-instant-grat`}
                        checked={f.value}
                        onCheckedChange={(v) => f.onChange(v === true)}
                      />
                    )}
                  />
                  <Label htmlFor={`${uid}track-${i}-instant-grat`}>
                    {PRE_ORDER_MESSAGES.instantGratTrackLabel(i + 1)}
                  </Label>
                </div>
              )}
              {i > 0 && (
                <Button type="button" variant="outline" size="sm" onClick={() => trackRows.remove(i)}>
                  {t("form.removeTrack", { n: i + 1 })}
                </Button>
              )}
            </div>
          </div>
        ))}
        {releaseType === "single" && trackRows.fields.length >= RELEASE_SHAPE.singleMaxTracks ? (
          <p className="text-xs text-muted-foreground">{TRACK_MESSAGES.singleHint}</p>
        ) : (
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => trackRows.append(EMPTY_TRACK)}
          >
            {t("form.addTrack")}
          </Button>
        )}
      </fieldset>
      <fieldset className="grid gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 font-medium">{AI_MESSAGES.legend} *</legend>
        <p id={idOf("release-ai-hint")} className="text-xs text-muted-foreground">
          {AI_MESSAGES.explain}
        </p>
        <div role="radiogroup" aria-labelledby={idOf("release-ai-question")} className="grid gap-2">
          <p id={idOf("release-ai-question")} className="text-sm">
            {AI_MESSAGES.question}
          </p>
          {AI_ANSWERS.map((answer) => (
            <label key={answer} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value={answer}
                id={idOf(`release-ai-${answer}`)}
                {...(answer === "no"
                  ? fieldErrorProps(idOf("release-ai-error"), errors.aiUsed, idOf("release-ai-hint"))
                  : {})}
                {...form.register("aiUsed")}
              />
              {AI_MESSAGES.answers[answer]}
            </label>
          ))}
          <FieldError id={idOf("release-ai-error")} message={errors.aiUsed} />
        </div>
        {aiUsed === "yes" && (
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={idOf("release-artwork-ai")} label={AI_MESSAGES.artwork}>
              {(control) => (
                <Select {...control} {...form.register("artworkAi")}>
                  <option value="">{t("form.choose")}</option>
                  {AI_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {AI_LEVEL_LABELS[level]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            {trackRows.fields.map((field, i) =>
              AI_AREAS.map((area) => (
                <FormField
                  key={`${field.id}-${area}`}
                  id={`${uid}track-${i}-ai-${area}`}
                  label={AI_MESSAGES.trackArea(i + 1, AI_AREA_LABELS[area])}
                >
                  {(control) => (
                    <Select {...control} {...form.register(`tracks.${i}.ai.${area}`)}>
                      {AI_LEVELS.map((level) => (
                        <option key={level} value={level}>
                          {AI_LEVEL_LABELS[level]}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
              )),
            )}
          </div>
        )}
      </fieldset>
      {checked && <PreflightVerdict input={checked} editing={editing} id={idOf("verdict")} />}
      {disputable && (
        <div role="alert" className="grid gap-2 rounded-md border border-border p-3 text-sm">
          <p className="font-medium text-red-700 dark:text-red-400">{disputable.message}</p>
          <div>
            <DisputeCodeDialog code={disputable.code} />
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting || uploading > 0}>
          {uploading > 0 ? UPLOAD_MESSAGES.waiting(uploading) : submitting ? submittingLabel : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={check} disabled={uploading > 0}>
          {t("form.check")}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("form.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The stores' verdict on the release as the form held it when the artist asked. */
function PreflightVerdict({ input, editing, id }: { input: ReleaseInput; editing?: string; id: string }) {
  const t = useT();
  const preflight = usePreflight(input, editing);
  if (preflight.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t("form.checking")}
      </p>
    );
  }
  if (preflight.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {preflight.error instanceof Error ? preflight.error.message : t("form.checkFailed")}
      </p>
    );
  }
  return (
    <div className="rounded-lg border border-border p-4">
      <StoreVerdictsView verdict={preflight.data.verdict} id={id} />
    </div>
  );
}
