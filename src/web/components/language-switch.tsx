import { Languages } from "lucide-react";
import { LOCALE_NAMES, LOCALE_QUERY, type Locale } from "#domain/i18n";
import { cn } from "#web/lib/cn";
import { useLocale, useT } from "#web/lib/i18n";

/**
 * The public header's language switch (issue 39): one button naming the other language in itself
 * ("हिन्दी" / "English"), so a reader who cannot read the current one still finds it.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const other: Locale = locale === "hi" ? "en" : "hi";
  const onClick = async () => {
    await setLocale(other);
    // An address that named the old language would bring it back on reload.
    const url = new URL(window.location.href);
    if (url.searchParams.has(LOCALE_QUERY)) {
      url.searchParams.delete(LOCALE_QUERY);
      window.history.replaceState(window.history.state, "", url);
    }
  };
  return (
    <button
      type="button"
      lang={other}
      onClick={onClick}
      aria-label={t("language.switchToLabel")}
      className={cn(
        "inline-flex h-9 shrink-0 cursor-pointer items-center gap-1 rounded-md border border-border px-2 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      <Languages className="h-4 w-4" aria-hidden />
      {LOCALE_NAMES[other]}
    </button>
  );
}
