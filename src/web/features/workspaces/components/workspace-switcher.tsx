import { useNavigate } from "react-router";
import { WORKSPACE_ROLE_LABELS } from "#domain/workspaces";
import { Select } from "#web/components/ui/select";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { useMyWorkspaces, useSwitchWorkspace } from "#web/features/workspaces/api/workspaces";
import { useT } from "#web/lib/i18n";
import type { SessionUser } from "#web/lib/session";

/**
 * The top bar's choice of workspace, for people in more than one. The server keeps the choice in a
 * cookie (it survives a reload) and checks membership on every request.
 */
export function WorkspaceSwitcher({ user }: { user: SessionUser }) {
  const t = useT();
  const workspaces = useMyWorkspaces();
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  const list = workspaces.data?.workspaces ?? [];
  if (list.length < 2 || !user.workspace) return null;
  return (
    <div className="flex items-center gap-2">
      <Select
        id="workspace-switcher"
        aria-label={t("switcher.label")}
        className="h-9 max-w-[11rem] sm:max-w-[16rem]"
        value={user.workspace.id}
        disabled={switchTo.isPending}
        onChange={(e) =>
          switchTo.mutate(e.target.value, {
            onSuccess: (active) => {
              toast({
                title: t("switcher.now", { name: active.name }),
                description: t("switcher.role", { role: WORKSPACE_ROLE_LABELS[active.role] }),
              });
              navigate(paths.app.dashboard);
            },
            onError: (err) => toast({ title: t("switcher.failed"), description: err.message, variant: "destructive" }),
          })
        }
      >
        {list.map((w) => (
          <option key={w.id} value={w.id}>
            {w.personal ? t("switcher.personal", { name: w.name }) : w.name} · {WORKSPACE_ROLE_LABELS[w.role]}
          </option>
        ))}
      </Select>
    </div>
  );
}
