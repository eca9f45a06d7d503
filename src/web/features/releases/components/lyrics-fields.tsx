import { LYRICS_MESSAGES } from "#domain/lyrics";
import { needsTransliteration } from "#domain/scripts";
import { suggestLyricsTransliteration } from "#domain/transliteration";
import { Button } from "#web/components/ui/button";
import { FormField } from "#web/components/ui/form-field";
import { Textarea } from "#web/components/ui/textarea";
import { useT } from "#web/lib/i18n";

export interface LyricsValue {
  lyrics: string;
  lyricsLatin: string;
  lyricsSynced: string;
}

/**
 * A track's lyrics (issue 39): the words in their own script, their Latin form when that script is an
 * Indian one (suggested line by line from the words, then the artist's to correct), and optionally
 * the same words time-synced as LRC. Closed until the artist opens it: most tracks are submitted
 * without lyrics.
 */
export function LyricsFields({
  id,
  position,
  value,
  onChange,
}: {
  id: string;
  position: number;
  value: LyricsValue;
  onChange: (field: keyof LyricsValue, text: string) => void;
}) {
  const needsLatin = needsTransliteration(value.lyrics) || Boolean(value.lyricsLatin);
  const given = Boolean(value.lyrics || value.lyricsLatin || value.lyricsSynced);
  const t = useT();
  const labels = LYRICS_MESSAGES.fieldLabels(position);
  return (
    <details className="rounded-md border border-border p-3 sm:col-span-2" open={given || undefined}>
      <summary className="cursor-pointer font-medium">
        {given ? t("lyrics.summary", { n: position }) : t("lyrics.summaryOptional", { n: position })}
      </summary>
      <div className="mt-3 grid gap-3">
        <FormField id={`${id}-plain`} label={labels.plain} hint={LYRICS_MESSAGES.plainHint}>
          {(control) => (
            <Textarea {...control} rows={6} value={value.lyrics} onChange={(e) => onChange("lyrics", e.target.value)} />
          )}
        </FormField>
        {needsLatin && (
          <div className="grid gap-2">
            <FormField id={`${id}-latin`} label={labels.latin} hint={LYRICS_MESSAGES.latinHint}>
              {(control) => (
                <Textarea
                  {...control}
                  lang="en"
                  rows={6}
                  value={value.lyricsLatin}
                  onChange={(e) => onChange("lyricsLatin", e.target.value)}
                />
              )}
            </FormField>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => onChange("lyricsLatin", suggestLyricsTransliteration(value.lyrics))}
            >
              {LYRICS_MESSAGES.suggestLatin}
            </Button>
          </div>
        )}
        <FormField id={`${id}-synced`} label={labels.synced} hint={LYRICS_MESSAGES.syncedHint}>
          {(control) => (
            <Textarea
              {...control}
              rows={6}
              className="font-mono"
              placeholder={t("lyrics.syncedPlaceholder")}
              value={value.lyricsSynced}
              onChange={(e) => onChange("lyricsSynced", e.target.value)}
            />
          )}
        </FormField>
      </div>
    </details>
  );
}
