import { Pencil } from "lucide-react";
import { CONTRIBUTOR_ROLE_LABELS, CONTRIBUTOR_ROLES, languageLabel } from "#domain/credits";
import { formatLevel, normalisationNote } from "#domain/levels";
import { LYRICS_MESSAGES } from "#domain/lyrics";
import {
  blockingCount,
  type Finding,
  findingTexts,
  QC_MESSAGES,
  QC_STATUS_LABELS,
  type QcStatus,
} from "#domain/quality";
import { formatDuration, latinTitleWithVersion, titleWithVersion } from "#domain/tracks";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { DataTable } from "#web/components/ui/data-table";
import type { QualityReport, Track } from "#web/features/releases/api/get-release";
import { formatCount, formatDate } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

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
  const t = useT();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const status = (QC_STATUS_LABELS as Record<string, string>)[quality.status] ?? quality.status;
  const blocking = blockingCount(quality.findings);
  const warnings = quality.findings.length - blocking;
  const done = quality.status === ("done" satisfies QcStatus);
  return (
    <section aria-labelledby="quality-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Heading id="quality-heading" className="text-lg font-semibold">
          {t("qcView.title")}
        </Heading>
        {done ? (
          <>
            <Badge tone={blocking ? "danger" : "success"}>{t("qcView.blocking", { count: blocking })}</Badge>
            <Badge tone={warnings ? "warning" : "neutral"}>{t("qcView.warnings", { count: warnings })}</Badge>
          </>
        ) : (
          <Badge>{status}</Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground" role="status">
        {done
          ? `${
              quality.checkedAt
                ? t("qcView.checkedOn", { status, date: formatDate(quality.checkedAt) })
                : t("qcView.checked", { status })
            } ${blocking ? t("qcView.mustFix") : t("qcView.nothingBlocks")}`
          : quality.status === "failed"
            ? t("qcView.failed")
            : t("qcView.running")}
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
  const t = useT();
  const text = findingTexts(f);
  return (
    <li className="rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={f.severity === "blocking" ? "danger" : "warning"}>
          {f.severity === "blocking" ? t("qcView.blockingBadge") : t("qcView.warningBadge")}
        </Badge>
        {showSubject && <span className="font-medium">{text.subject}</span>}
        {onEdit && (
          <Button
            variant="outline"
            size="sm"
            className="ml-auto"
            onClick={onEdit}
            aria-label={t("qcView.edit", { subject: text.subject })}
          >
            <Pencil className="h-4 w-4" aria-hidden />
            {t("qcView.editButton")}
          </Button>
        )}
      </div>
      <p className="mt-1">{text.message}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{t("qcView.howToFix")}</span>
        {text.fix}
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
  const t = useT();
  return (
    <section aria-labelledby="tracks-heading" className="grid gap-3">
      <h2 id="tracks-heading" className="text-lg font-semibold">
        {t("qcView.tracks")}
      </h2>
      <DataTable
        label={t("qcView.trackList")}
        className="min-w-[560px]"
        rows={tracks}
        rowKey={(t) => t.id}
        emptyText={t("qcView.noTracks")}
        columns={[
          { header: "#", cell: (t) => t.position },
          {
            header: t("qcView.titleCol"),
            cell: (track) => (
              <>
                {titleWithVersion(track)}
                {latinTitleWithVersion(track) && (
                  <span className="block text-xs text-muted-foreground" lang="en">
                    {latinTitleWithVersion(track)}
                  </span>
                )}
                {track.artistName && (
                  <span className="text-muted-foreground">{t("qcView.by", { name: track.artistName })}</span>
                )}
                {track.featuredArtists.length > 0 && (
                  <span className="text-muted-foreground">
                    {t("qcView.feat", { names: track.featuredArtists.join(" & ") })}
                  </span>
                )}
              </>
            ),
          },
          { header: "ISRC", cell: (track) => track.isrc ?? t("qcView.isrcLater") },
          { header: t("qcView.credits"), className: "text-xs", cell: (t) => creditsLine(t.contributors) || "—" },
          {
            header: t("qcView.language"),
            cell: (t) => (t.language ? languageLabel(t.language) : LYRICS_MESSAGES.sameAsRelease),
          },
          { header: t("qcView.duration"), cell: (track) => formatDuration(track.durationSeconds) },
          { header: t("qcView.explicit"), cell: (track) => (track.isExplicit ? t("qcView.yes") : t("qcView.no")) },
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
  const t = useT();
  const withLyrics = tracks.filter((t) => t.lyrics || t.lyricsSynced);
  if (!withLyrics.length) return null;
  return (
    <section aria-labelledby="lyrics-heading" className="grid gap-3">
      <h2 id="lyrics-heading" className="text-lg font-semibold">
        {t("qcView.lyrics")}
      </h2>
      {withLyrics.map((track) => (
        <details key={track.id} className="rounded-md border border-border p-3">
          <summary className="cursor-pointer font-medium">
            {t("qcView.trackN", { n: track.position, title: titleWithVersion(track) })}
          </summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {track.lyrics && (
              <div>
                <h3 className="text-sm font-medium">{LYRICS_MESSAGES.plainLabel}</h3>
                <p className="whitespace-pre-line text-sm">{track.lyrics}</p>
              </div>
            )}
            {track.lyricsLatin && (
              <div>
                <h3 className="text-sm font-medium">{LYRICS_MESSAGES.latinLabel}</h3>
                <p lang="en" className="whitespace-pre-line text-sm">
                  {track.lyricsLatin}
                </p>
              </div>
            )}
            {track.lyricsSynced && (
              <div className="sm:col-span-2">
                <h3 className="text-sm font-medium">{LYRICS_MESSAGES.syncedLabel}</h3>
                <pre className="overflow-x-auto whitespace-pre-wrap font-mono text-xs">{track.lyricsSynced}</pre>
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
  const t = useT();
  const measured = tracks.filter((t) => t.levels);
  if (!measured.length) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="levels-heading" className="grid gap-3">
      <Heading id="levels-heading" className="text-lg font-semibold">
        {t("qcView.levels")}
      </Heading>
      <p className="text-sm text-muted-foreground">{t("qcView.levelsHint")}</p>
      <DataTable
        label={t("qcView.measured")}
        className="min-w-[640px]"
        rows={measured}
        rowKey={(t) => t.id}
        emptyText={t("qcView.notMeasured")}
        columns={[
          { header: "#", cell: (t) => t.position },
          { header: t("qcView.titleCol"), cell: (t) => t.title },
          { header: t("qcView.loudness"), cell: (t) => dB(t.levels?.integratedLufs ?? null, "LUFS") },
          { header: t("qcView.truePeak"), cell: (t) => dB(t.levels?.truePeakDbtp ?? null, "dBTP") },
          {
            header: t("qcView.clipping"),
            cell: (track) =>
              track.levels?.clippedSamples
                ? t("qcView.samples", { count: formatCount(track.levels.clippedSamples) })
                : t("qcView.none"),
          },
          {
            header: t("qcView.silence"),
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
