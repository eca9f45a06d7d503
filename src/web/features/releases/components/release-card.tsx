import { BarChart3, Disc, Disc3, Library, MoreVertical, Music, Pencil, Share2, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { artistMayChange, RELEASE_NOTICES, releaseTypeLabel } from "#domain/releases";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "#web/components/ui/dropdown-menu";
import { toast } from "#web/components/ui/toast";
import { useDeleteRelease } from "#web/features/releases/api/delete-release";
import type { Release } from "#web/features/releases/api/get-release";
import { qualityInProgress } from "#web/features/releases/api/keys";
import { artworkSource } from "#web/features/releases/components/release-media";
import { formatCount, formatDate } from "#web/lib/format";
import { EditReleaseDialog } from "./edit-release-dialog";
import { ArtistReleaseBadge } from "./release-status-badge";
import { shareRelease } from "./share-release";

const TYPE_ICONS = { single: Music, ep: Disc, album: Disc3, compilation: Library } as const;

/** Where a release's details and figures live. */
import { useT } from "#web/lib/i18n";
import { useCan } from "#web/lib/session";
export const releaseHref = (id: string) => `/app/releases/${id}`;

export function ReleaseCard({ release }: { release: Release }) {
  const t = useT();
  const navigate = useNavigate();
  const canWrite = useCan("releases:write");
  const [editing, setEditing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const remove = useDeleteRelease();
  const TypeIcon = TYPE_ICONS[release.releaseType as keyof typeof TYPE_ICONS] ?? Music;
  const changeable = artistMayChange(release.status) && canWrite;

  const withdraw = async () => {
    try {
      await remove.mutateAsync(release.id);
      setWithdrawing(false);
      toast({
        title: RELEASE_NOTICES.withdrawnTitle,
        description: t("releaseCard.withdrawn", { title: release.title }),
      });
    } catch (err) {
      toast({ title: t("ui.actionFailed"), description: (err as Error).message, variant: "destructive" });
    }
  };

  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm">
      <div className="relative aspect-square bg-muted">
        {/* The cover opens the release too; the title's link is the one keyboards and screen readers use. */}
        <Link to={releaseHref(release.id)} tabIndex={-1} aria-hidden className="absolute inset-0">
          {artworkSource(release) ? (
            <img src={artworkSource(release)} alt="" loading="lazy" className="h-full w-full object-cover" />
          ) : (
            <TypeIcon className="absolute inset-0 m-auto h-12 w-12 text-muted-foreground" aria-hidden />
          )}
        </Link>
        <div className="absolute left-2 top-2 flex gap-1">
          <ArtistReleaseBadge release={release} />
          {release.isExplicit && <Badge tone="danger">{t("releaseCard.explicit")}</Badge>}
          {artistMayChange(release.status) && <QualityBadge release={release} />}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="truncate font-semibold" title={release.title}>
          <Link to={releaseHref(release.id)} className="hover:underline">
            {release.title}
          </Link>
        </h3>
        {release.titleLatin && (
          <p className="truncate text-xs text-muted-foreground" lang="en">
            {release.titleLatin}
          </p>
        )}
        <p className="truncate text-sm text-muted-foreground">{release.artistName}</p>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <TypeIcon className="h-3 w-3" aria-hidden />
          {releaseTypeLabel(release.releaseType)} · {formatDate(release.releaseDate)}
        </p>
        <p className="text-sm">{t("releaseCard.streams", { count: formatCount(release.streams) })}</p>
        <div className="mt-auto flex justify-end gap-1 pt-2">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("releaseCard.analytics", { title: release.title })}
            onClick={() => navigate(releaseHref(release.id))}
          >
            <BarChart3 className="h-4 w-4" aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("releaseCard.share", { title: release.title })}
            onClick={() => shareRelease(release)}
          >
            <Share2 className="h-4 w-4" aria-hidden />
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={t("releaseCard.more", { title: release.title })}>
                <MoreVertical className="h-4 w-4" aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={() => navigate(releaseHref(release.id))}>
                <BarChart3 className="h-4 w-4" aria-hidden />
                {t("releaseCard.view")}
              </DropdownMenuItem>
              <DropdownMenuItem disabled={!changeable} onSelect={() => setEditing(true)}>
                <Pencil className="h-4 w-4" aria-hidden />
                {t("releaseCard.edit")}
              </DropdownMenuItem>
              <DropdownMenuItem disabled={!changeable} onSelect={() => setWithdrawing(true)}>
                <Trash2 className="h-4 w-4" aria-hidden />
                {t("releaseCard.withdraw")}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>

      <EditReleaseDialog release={release} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={withdrawing}
        onOpenChange={setWithdrawing}
        title={t("releaseCard.withdrawTitle")}
        description={t("releaseCard.withdrawText", { title: release.title })}
        confirmLabel={t("releaseCard.withdrawConfirm")}
        pending={remove.isPending}
        onConfirm={withdraw}
      />
    </article>
  );
}

/** While a release waits for review: its quality check is running, or has found something to fix. */
function QualityBadge({ release }: { release: Release }) {
  const t = useT();
  if (qualityInProgress(release.qcStatus)) return <Badge>{t("releaseCard.checking")}</Badge>;
  if (release.qcStatus === "done" && release.qcBlocking > 0)
    return <Badge tone="warning">{t("releaseCard.needsFixes")}</Badge>;
  return null;
}
