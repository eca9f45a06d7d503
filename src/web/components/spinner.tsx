import { t } from "#domain/i18n";

export function FullPageSpinner() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen items-center justify-center">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-primary border-t-transparent" aria-hidden />
      <span className="sr-only">{t("ui.loading")}</span>
    </div>
  );
}
