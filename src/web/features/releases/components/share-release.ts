import { t } from "#domain/i18n";
import { toast } from "#web/components/ui/toast";

/**
 * Copies the release's public page (a smart link fans can open, /r/<slug>) and says so. Before
 * approval the page is not public yet, and the message says that too.
 */
export async function shareRelease(release: { publicPath: string; status: string; title: string }) {
  const link = new URL(release.publicPath, window.location.origin).toString();
  const note = release.status === "live" ? link : t("share.notYet", { link });
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: t("share.copied"), description: note });
  } catch {
    toast({ title: t("share.copyThis"), description: note });
  }
}
