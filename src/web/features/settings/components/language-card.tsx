import { useState } from "react";
import { LOCALE_NAMES, LOCALES, type Locale } from "#domain/i18n";
import { FormField } from "#web/components/ui/form-field";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import { useLocale, useT } from "#web/lib/i18n";

/** Settings → the language of the screens, and of the e-mails and PDFs we send (issue 39). */
export function LanguageCard() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const [error, setError] = useState<string | null>(null);
  const onChange = async (next: Locale) => {
    try {
      await setLocale(next);
      setError(null);
      toast({ title: t("settings.language.saved"), description: LOCALE_NAMES[next] });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section aria-labelledby="language-title" className="grid gap-3">
      <div>
        <h2 id="language-title" className="text-lg font-semibold">
          {t("settings.language.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("settings.language.description")}</p>
      </div>
      <FormField id="language" label={t("language.label")} error={error}>
        {(control) => (
          <Select
            {...control}
            value={locale}
            onChange={(e) => void onChange(e.target.value as Locale)}
            className="max-w-xs"
          >
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </section>
  );
}
