import { type FormEvent, useState } from "react";
import { Button } from "#web/components/ui/button";
import { Checkbox } from "#web/components/ui/checkbox";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { FormError } from "#web/components/ui/form-error";
import { toast } from "#web/components/ui/toast";
import { useSetArtistScope } from "#web/features/workspaces/api/workspaces";
import { useT } from "#web/lib/i18n";

/**
 * Which of the workspace's artists a member works on (issue 35): all of them, or some. A limited
 * member sees only those artists' releases and none of the whole-workspace pages.
 */
export function ArtistScopeDialog({
  member,
  artists,
  onClose,
}: {
  member: { userId: string; name: string; artistScope: string[] | null };
  /** The workspace's artists (the page reads them). */
  artists: readonly { id: string; name: string }[];
  onClose: () => void;
}) {
  const t = useT();
  const save = useSetArtistScope();
  const [all, setAll] = useState(member.artistScope === null);
  const [chosen, setChosen] = useState<string[]>(member.artistScope ?? []);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!all && !chosen.length) {
      setError(t("team.chooseOne"));
      return;
    }
    save.mutate(
      { userId: member.userId, artistIds: all ? null : chosen },
      {
        onSuccess: () => {
          toast({
            title: t("team.accessChanged"),
            description: all
              ? t("team.accessAll", { name: member.name })
              : t("team.accessNow", { name: member.name, count: chosen.length }),
          });
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t("team.worksOnTitle", { name: member.name })}>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t("team.access")}</legend>
            <div className="flex items-center gap-2">
              <Checkbox id="scope-all" checked={all} onCheckedChange={(v) => setAll(v === true)} />
              <label htmlFor="scope-all" className="text-sm">
                {t("team.allArtists")}
              </label>
            </div>
            {artists.map((a) => (
              <div key={a.id} className="flex items-center gap-2 pl-6">
                <Checkbox
                  id={`scope-${a.id}`}
                  disabled={all}
                  checked={!all && chosen.includes(a.id)}
                  onCheckedChange={(v) =>
                    setChosen((old) => (v === true ? [...old, a.id] : old.filter((id) => id !== a.id)))
                  }
                />
                <label htmlFor={`scope-${a.id}`} className="text-sm">
                  {a.name}
                </label>
              </div>
            ))}
          </fieldset>
          {error ? <FormError message={error} /> : null}
          <Button type="submit" disabled={save.isPending}>
            {t("team.saveAccess")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
