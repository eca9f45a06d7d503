import type { Release, ReleaseDetail } from "#web/features/releases/api/get-release";
import { useT } from "#web/lib/i18n";

type FileVersion = ReleaseDetail["files"][number];
type Track = ReleaseDetail["tracks"][number];

/**
 * Where to show a release's artwork from: the checked upload (once the check has read it), or the
 * artist's link. Undefined when there is nothing to show yet.
 */
export function artworkSource(release: Pick<Release, "id" | "coverArtUploadId" | "coverArtUrl" | "qcStatus">) {
  if (release.coverArtUploadId) {
    return release.qcStatus === "done" ? `/api/releases/${release.id}/artwork` : undefined;
  }
  return release.coverArtUrl ?? undefined;
}

/** "master.wav · version 2 · uploaded", for the file list. */
function fileLine(file: FileVersion): string {
  return `${file.fileName} · version ${file.version} · ${file.source === "upload" ? "uploaded" : "from a link"}`;
}

/**
 * The release's checked files, to see and hear: the artwork and a player per track, served from
 * exactly the bytes the quality check read (and a delivery sends). `base` is the release's API path,
 * the artist's or the admin's. Files not checked yet are not offered.
 */
export function ReleaseMedia({
  base,
  title,
  files,
  tracks,
  headingLevel = 2,
  showArtwork = true,
}: {
  base: string;
  title: string;
  files: FileVersion[];
  tracks: Track[];
  headingLevel?: 2 | 3;
  /** False where the page already shows the artwork large. */
  showArtwork?: boolean;
}) {
  const t = useT();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const artwork = showArtwork ? files.find((f) => f.subject === "artwork") : undefined;
  const audio = tracks.flatMap((t) => {
    const file = files.find((f) => f.subject === `track:${t.position}`);
    return file ? [{ track: t, file }] : [];
  });
  return (
    <section aria-labelledby="files-heading" className="grid gap-3">
      <Heading id="files-heading" className="text-lg font-semibold">
        {t("media.files")}
      </Heading>
      {!artwork && audio.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("media.later")}</p>
      ) : (
        <div className={showArtwork ? "grid gap-4 sm:grid-cols-[160px_1fr]" : "grid gap-4"}>
          {artwork ? (
            <figure className="grid gap-1">
              <img
                src={`${base}/artwork`}
                alt={t("media.cover", { title })}
                className="aspect-square w-full rounded-lg border border-border object-cover"
              />
              <figcaption className="break-all text-xs text-muted-foreground">{fileLine(artwork)}</figcaption>
            </figure>
          ) : (
            showArtwork && <div />
          )}
          <ul className="grid content-start gap-3">
            {audio.map(({ track, file }) => (
              <li key={track.id} className="grid gap-1">
                <span className="text-sm font-medium" id={`play-${track.position}`}>
                  {t("qcView.trackN", { n: track.position, title: track.title })}
                </span>
                {/* biome-ignore lint/a11y/useMediaCaption: a master recording has no captions; its track title labels the player. */}
                <audio
                  controls
                  preload="none"
                  src={`${base}/tracks/${track.position}/audio`}
                  aria-labelledby={`play-${track.position}`}
                  className="w-full"
                />
                <span className="break-all text-xs text-muted-foreground">{fileLine(file)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
