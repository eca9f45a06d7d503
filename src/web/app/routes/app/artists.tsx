import { Plus } from "lucide-react";
import { useState } from "react";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { DataTable } from "#web/components/ui/data-table";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { toast } from "#web/components/ui/toast";
import { type Artist, useArtists } from "#web/features/artists/api/artists";
import { ArtistForm } from "#web/features/artists/components/artist-form";
import { useCan } from "#web/lib/session";

/** The workspace's artist profiles (issue 35): who the stores know, and how many the plan holds. */
export function ArtistsPage() {
  usePageMeta("Artists");
  const artists = useArtists();
  const canWrite = useCan("releases:write");
  const [editing, setEditing] = useState<Artist | "new" | null>(null);
  const held = artists.data?.artists.length ?? 0;
  const limit = artists.data?.limit ?? 0;
  const full = artists.data !== undefined && held >= limit;
  const saved = (artist: Artist) => {
    toast({ title: editing === "new" ? "Artist created" : "Artist saved", description: artist.name });
    setEditing(null);
  };
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">Artists</h1>
        {canWrite ? (
          <Button onClick={() => setEditing("new")} disabled={full} aria-describedby="artists-limit">
            <Plus className="h-4 w-4" aria-hidden />
            New artist
          </Button>
        ) : null}
      </div>
      {artists.data ? (
        <p id="artists-limit" className="text-muted-foreground">
          {artists.data.planName} holds up to {limit} artist {limit === 1 ? "profile" : "profiles"}; this workspace has{" "}
          {held}.{full && limit < 5 ? " Upgrade to the Label Plan for up to 5." : ""}
        </p>
      ) : null}
      <DataTable<Artist>
        label="Artists"
        rows={artists.data?.artists}
        rowKey={(a) => a.id}
        loading={artists.isPending}
        error={artists.isError ? artists.error.message : null}
        emptyText="No artist profiles yet. Your first release makes one, or create it here."
        columns={[
          { header: "Name", rowHeader: true, cell: (a) => a.name },
          {
            header: "Spotify",
            cell: (a) => (a.newToStores ? "New to the stores" : (a.spotifyArtistUri ?? "—")),
            className: "break-all",
          },
          { header: "Apple Music", cell: (a) => (a.newToStores ? "New to the stores" : (a.appleMusicArtistId ?? "—")) },
          { header: "Protection key", cell: (a) => (a.hasAppKey ? "Kept (hidden)" : "None") },
          { header: "Releases", numeric: true, cell: (a) => a.releases },
          {
            header: "Actions",
            hiddenHeader: true,
            cell: (a) =>
              canWrite ? (
                <Button size="sm" variant="outline" onClick={() => setEditing(a)}>
                  Edit<span className="sr-only"> {a.name}</span>
                </Button>
              ) : null,
          },
        ]}
      />
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null ? (
          <DialogContent title={editing === "new" ? "New artist" : `Edit ${editing.name}`}>
            <ArtistForm artist={editing === "new" ? undefined : editing} onSaved={saved} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
