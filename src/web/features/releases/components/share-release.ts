import { toast } from "#web/components/ui/toast";

/**
 * Copies the release's public page (a smart link fans can open, /r/<slug>) and says so. Before
 * approval the page is not public yet, and the message says that too.
 */
export async function shareRelease(release: { publicPath: string; status: string; title: string }) {
  const link = new URL(release.publicPath, window.location.origin).toString();
  const note = release.status === "live" ? link : `${link} — it opens to fans once the release is approved.`;
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: "Link copied", description: note });
  } catch {
    toast({ title: "Copy this link", description: note });
  }
}
