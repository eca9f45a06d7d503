import { useEffect, useRef } from "react";
import { needsTransliteration, SCRIPT_MESSAGES } from "#domain/scripts";
import { suggestTransliteration } from "#domain/transliteration";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";

/**
 * A title's or a name's Latin form, asked only when it is written in an Indian script (issue 39).
 * As the artist types the original, we suggest its transliteration; once they edit the Latin form
 * themselves, their spelling stays (names are spelled as their owners spell them).
 */
export function LatinField({
  id,
  title,
  value,
  onChange,
  error,
  label = SCRIPT_MESSAGES.latinLabel,
  hint = SCRIPT_MESSAGES.latinHint,
}: {
  id: string;
  /** The text as written (a title, a name). */
  title: string;
  label?: string;
  hint?: string;
  value: string;
  /** `byArtist`: typed by the artist, not suggested. */
  onChange: (value: string, byArtist: boolean) => void;
  error?: string;
}) {
  const needed = needsTransliteration(title ?? "");
  // Whether the artist has written the Latin form themselves (then suggestions stop): a saved form
  // that differs from the suggestion was theirs. Worked out once, not at every render.
  const edited = useRef<boolean | null>(null);
  edited.current ??= Boolean(value) && value !== suggestTransliteration(title ?? "");
  useEffect(() => {
    if (!needed) {
      if (value && !edited.current) onChange("", false);
      return;
    }
    if (!edited.current) {
      const suggestion = suggestTransliteration(title);
      if (suggestion !== value) onChange(suggestion, false);
    }
  }, [needed, title, value, onChange]);
  if (!needed && !value) return null;
  return (
    <FormField id={id} label={`${label} *`} hint={hint} error={error}>
      {(control) => (
        <Input
          {...control}
          lang="en"
          maxLength={200}
          value={value}
          onChange={(e) => {
            edited.current = true;
            onChange(e.target.value, true);
          }}
        />
      )}
    </FormField>
  );
}
