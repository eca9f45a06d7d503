import { Pencil } from "lucide-react";
import { CONTRIBUTOR_ROLE_LABELS, CONTRIBUTOR_ROLES, languageLabel } from "#domain/credits";
import { formatLevel, normalisationNote } from "#domain/levels";
import { LYRICS_MESSAGES } from "#domain/lyrics";
import { blockingCount, type Finding, QC_MESSAGES, QC_STATUS_LABELS, type QcStatus } from "#domain/quality";
import { formatDuration, titleWithVersion } from "#domain/tracks";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { DataTable } from "#web/components/ui/data-table";
import type { QualityReport, Track } from "#web/features/releases/api/get-release";
import { formatDate } from "#web/lib/format";

/** The automated quality check's report: each finding with its subject, what is wrong and how to fix it. */
export function QualityReportView({
  quality,
  headingLevel = 2,
  onEdit,
}: {
  quality: QualityReport;
  headingLevel?: 2 | 3;
  /** Given when the artist may still change the release: each finding gets an Edit button beside it. */
  onEdit?: () => void;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const status = (QC_STATUS_LABELS as Record<string, string>)[quality.status] ?? quality.status;
  const blocking = blockingCount(quality.findings);
  const warnings = quality.findings.length - blocking;
  const done = quality.status === ("done" satisfies QcStatus);
  return (
    <section aria-labelledby="quality-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Heading id="quality-heading" className="text-lg font-semibold">
          Quality check
        </Heading>
        {done ? (
          <>
            <Badge tone={blocking ? "danger" : "success"}>{blocking} blocking</Badge>
            <Badge tone={warnings ? "warning" : "neutral"}>
              {warnings} {warnings === 1 ? "warning" : "warnings"}
            </Badge>
          </>
        ) : (
          <Badge>{status}</Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground" role="status">
        {done
          ? `${status}${quality.checkedAt ? ` on ${formatDate(quality.checkedAt)}` : ""}. ${
              blocking
                ? "Blocking findings must be fixed before the release can be approved."
                : "Nothing blocks approval."
            }`
          : quality.status === "failed"
            ? "The check could not finish; our team will run it again."
            : "We are downloading your audio and artwork and checking them against the stores' requirements."}
      </p>
      {done && quality.findings.length === 0 && <p>{QC_MESSAGES.noFindings}</p>}
      {quality.findings.length > 0 && (
        <ul className="grid gap-2">
          {quality.findings.map((f: Finding) => (
            <FindingItem key={`${f.code}-${f.subject}-${f.message}`} finding={f} onEdit={onEdit} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One finding: how serious, what it is about, what is wrong and how to fix it. */
export function FindingItem({
  finding: f,
  showSubject = true,
  onEdit,
}: {
  finding: Finding;
  showSubject?: boolean;
  onEdit?: () => void;
}) {
  return (
    <li className="rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={f.severity === "blocking" ? "danger" : "warning"}>
          {f.severity === "blocking" ? "Blocking" : "Warning"}
        </Badge>
        {showSubject && <span className="font-medium">{f.subject}</span>}
        {onEdit && (
          <Button variant="outline" size="sm" className="ml-auto" onClick={onEdit} aria-label={`Edit: ${f.subject}`}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit
          </Button>
        )}
      </div>
      <p className="mt-1">{f.message}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">How to fix: </span>
        {f.fix}
      </p>
    </li>
  );
}

/** "Composer: A, B · Lyricist: C", in the roles' order. */
function creditsLine(contributors: readonly { name: string; role: string }[]): string {
  return CONTRIBUTOR_ROLES.map((role) => {
    const names = contributors.filter((c) => c.role === role).map((c) => c.name);
    return names.length
      ? `${CONTRIBUTOR_ROLE_LABELS[role][names.length === 1 ? "one" : "many"]}: ${names.join(", ")}`
      : "";
  })
    .filter(Boolean)
    .join(" · ");
}

export function TrackTable({ tracks }: { tracks: Track[] }) {
  return (
    <section aria-labelledby="tracks-heading" className="grid gap-3">
      <h2 id="tracks-heading" className="text-lg font-semibold">
        Tracks
      </h2>
      <DataTable
        label="Track list"
        className="min-w-[560px]"
        rows={tracks}
        rowKey={(t) => t.id}
        emptyText="No tracks yet."
        columns={[
          { header: "#", cell: (t) => t.position },
          {
            header: "Title",
            cell: (t) => (
              <>
                {titleWithVersion(t)}
                {t.artistName && <span className="text-muted-foreground"> by {t.artistName}</span>}
                {t.featuredArtists.length > 0 && (
                  <span className="text-muted-foreground"> (feat. {t.featuredArtists.join(" & ")})</span>
                )}
              </>
            ),
          },
          { header: "ISRC", cell: (t) => t.isrc ?? "Assigned at approval" },
          { header: "Credits", className: "text-xs", cell: (t) => creditsLine(t.contributors) || "—" },
          {
            header: "Language",
            cell: (t) => (t.language ? languageLabel(t.language) : LYRICS_MESSAGES.sameAsRelease),
          },
          { header: "Duration", cell: (t) => formatDuration(t.durationSeconds) },
          { header: "Explicit", cell: (t) => (t.isExplicit ? "Yes" : "No") },
        ]}
      />
    </section>
  );
}

/**
 * Each track's lyrics as the artist gave them (issue 39): the words in their own script, the Latin
 * form beside them, and the time-synced lines; nothing when no track has lyrics.
 */
export function TrackLyrics({ tracks }: { tracks: Track[] }) {
  const withLyrics = tracks.filter((t) => t.lyrics || t.lyricsSynced);
  if (!withLyrics.length) return null;
  return (
    <section aria-labelledby="lyrics-heading" className="grid gap-3">
      <h2 id="lyrics-heading" className="text-lg font-semibold">
        Lyrics
      </h2>
      {withLyrics.map((t) => (
        <details key={t.id} className="rounded-md border border-border p-3">
          <summary className="cursor-pointer font-medium">
            Track {t.position}: {titleWithVersion(t)}
          </summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {t.lyrics && (
              <div>
                <h3 className="text-sm font-medium">{LYRICS_MESSAGES.plainLabel}</h3>
                <p className="whitespace-pre-line text-sm">{t.lyrics}</p>
              </div>
            )}
            {t.lyricsLatin && (
              <div>
                <h3 className="text-sm font-medium">{LYRICS_MESSAGES.latinLabel}</h3>
                <p lang="en" className="whitespace-pre-line text-sm">
                  {t.lyricsLatin}
                </p>
              </div>
            )}
            {t.lyricsSynced && (
              <div className="sm:col-span-2">
                <h3 className="text-sm font-medium">{LYRICS_MESSAGES.syncedLabel}</h3>
                <pre className="overflow-x-auto whitespace-pre-wrap font-mono text-xs">{t.lyricsSynced}</pre>
              </div>
            )}
          </div>
        </details>
      ))}
    </section>
  );
}

const dB = (n: number | null, unit: string) => (n === null ? "—" : `${formatLevel(n)} ${unit}`);
const seconds = (n: number) => `${n.toFixed(1)} s`;

/**
 * Each master's measured levels (EBU R128 loudness, true peak, clipping, silence at the ends) and
 * what two stores do with it; nothing when no track has been measured yet.
 */
export function LevelsTable({ tracks, headingLevel = 2 }: { tracks: Track[]; headingLevel?: 2 | 3 }) {
  const measured = tracks.filter((t) => t.levels);
  if (!measured.length) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="levels-heading" className="grid gap-3">
      <Heading id="levels-heading" className="text-lg font-semibold">
        Levels
      </Heading>
      <p className="text-sm text-muted-foreground">
        Measured from each master (EBU R128). Stores play every track at their own loudness: a louder master is turned
        down, so it gains nothing from being squeezed.
      </p>
      <DataTable
        label="Measured levels"
        className="min-w-[640px]"
        rows={measured}
        rowKey={(t) => t.id}
        emptyText="Not measured yet."
        columns={[
          { header: "#", cell: (t) => t.position },
          { header: "Title", cell: (t) => t.title },
          { header: "Loudness", cell: (t) => dB(t.levels?.integratedLufs ?? null, "LUFS") },
          { header: "True peak", cell: (t) => dB(t.levels?.truePeakDbtp ?? null, "dBTP") },
          {
            header: "Clipping",
            cell: (t) =>
              t.levels?.clippedSamples ? `${t.levels.clippedSamples.toLocaleString("en-IN")} samples` : "None",
          },
          {
            header: "Silence (start / end)",
            cell: (t) =>
              t.levels
                ? `${seconds(t.levels.leadingSilenceSeconds)} / ${seconds(t.levels.trailingSilenceSeconds)}`
                : "—",
          },
          { header: "Spotify", cell: (t) => (t.levels ? normalisationNote(t.levels, "spotify") : "—") },
          { header: "Apple Music", cell: (t) => (t.levels ? normalisationNote(t.levels, "apple-music") : "—") },
        ]}
      />
    </section>
  );
}
