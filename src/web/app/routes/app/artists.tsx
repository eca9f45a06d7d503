import { Plus } from "lucide-react";
import { useState } from "react";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { DataTable } from "#web/components/ui/data-table";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { toast } from "#web/components/ui/toast";
import { type Artist, useArtists } from "#web/features/artists/api/artists";
import { ArtistForm } from "#web/features/artists/components/artist-form";
import { useT } from "#web/lib/i18n";
import { useCan } from "#web/lib/session";

/** The workspace's artist profiles (issue 35): who the stores know, and how many the plan holds. */
export function ArtistsPage() {
  const t = useT();
  usePageMeta(t("area.nav.artists"));
  const artists = useArtists();
  const canWrite = useCan("releases:write");
  const [editing, setEditing] = useState<Artist | "new" | null>(null);
  const held = artists.data?.artists.length ?? 0;
  const limit = artists.data?.limit ?? 0;
  const full = artists.data !== undefined && held >= limit;
  const saved = (artist: Artist) => {
    toast({ title: editing === "new" ? t("artists.created") : t("artists.saved"), description: artist.name });
    setEditing(null);
  };
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("area.nav.artists")}</h1>
        {canWrite ? (
          <Button onClick={() => setEditing("new")} disabled={full} aria-describedby="artists-limit">
            <Plus className="h-4 w-4" aria-hidden />
            {t("artists.new")}
          </Button>
        ) : null}
      </div>
      {artists.data ? (
        <p id="artists-limit" className="text-muted-foreground">
          {t("artists.holds", { plan: artists.data.planName, limit, held })}
          {full && limit < 5 ? t("artists.upgrade") : ""}
        </p>
      ) : null}
      <DataTable<Artist>
        label={t("area.nav.artists")}
        rows={artists.data?.artists}
        rowKey={(a) => a.id}
        loading={artists.isPending}
        error={artists.isError ? artists.error.message : null}
        emptyText={t("artists.empty")}
        columns={[
          { header: t("ui.col.name"), rowHeader: true, cell: (a) => a.name },
          {
            header: "Spotify",
            cell: (a) => (a.newToStores ? t("artists.newToStores") : (a.spotifyArtistUri ?? "—")),
            className: "break-all",
          },
          {
            header: "Apple Music",
            cell: (a) => (a.newToStores ? t("artists.newToStores") : (a.appleMusicArtistId ?? "—")),
          },
          { header: t("artists.protection"), cell: (a) => (a.hasAppKey ? t("artists.kept") : t("billing.none")) },
          { header: t("artists.releases"), numeric: true, cell: (a) => a.releases },
          {
            header: t("ui.col.actions"),
            hiddenHeader: true,
            cell: (a) =>
              canWrite ? (
                <Button size="sm" variant="outline" onClick={() => setEditing(a)}>
                  {t("qcView.editButton")}
                  <span className="sr-only"> {a.name}</span>
                </Button>
              ) : null,
          },
        ]}
      />
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null ? (
          <DialogContent
            title={editing === "new" ? t("artists.new") : t("editRelease.editTitle", { title: editing.name })}
          >
            <ArtistForm artist={editing === "new" ? undefined : editing} onSaved={saved} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
