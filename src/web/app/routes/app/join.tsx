import { Link, useParams } from "react-router";
import { WORKSPACE_MESSAGES, WORKSPACE_ROLE_DESCRIPTIONS, WORKSPACE_ROLE_LABELS } from "#domain/workspaces";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { FormError } from "#web/components/ui/form-error";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { useAcceptWorkspaceInvitation, useWorkspaceInvitation } from "#web/features/workspaces/api/workspaces";
import { formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";

/**
 * An invitation to a workspace (issue 35), opened from its e-mail. A visitor without an account is
 * sent here after registering with the invited address and signing in (the link carries it).
 */
export function JoinWorkspacePage() {
  const t = useT();
  usePageMeta(t("join.title"));
  const { token = "" } = useParams();
  const invitation = useWorkspaceInvitation(token);
  const accept = useAcceptWorkspaceInvitation(token);
  const { data: user } = useSession();
  const otherAddress =
    invitation.data && user && invitation.data.email.toLowerCase() !== user.email.toLowerCase()
      ? WORKSPACE_MESSAGES.invitationOtherEmail(invitation.data.email)
      : null;
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <h1 className="text-2xl font-bold">{t("join.title")}</h1>
      {invitation.isPending && <Skeleton className="h-40" />}
      {invitation.isError && <FormError message={invitation.error.message} />}
      {invitation.data && (
        <Card>
          <div className="grid gap-3">
            <p>
              {t("join.invitedPlain", {
                who: invitation.data.invitedBy ?? t("join.someone"),
                email: invitation.data.email,
                workspace: invitation.data.workspaceName,
                role: WORKSPACE_ROLE_LABELS[invitation.data.role],
              })}
            </p>
            <p className="text-sm text-muted-foreground">{WORKSPACE_ROLE_DESCRIPTIONS[invitation.data.role]}</p>
            <p className="text-sm text-muted-foreground">
              {t("join.openUntil", { date: formatDateTime(invitation.data.expiresAt) })}
            </p>
            {accept.isSuccess ? (
              <>
                <p role="status">{t("join.joined", { name: accept.data.name })}</p>
                <Button asChild>
                  <Link to={paths.app.dashboard}>{t("join.dashboard")}</Link>
                </Button>
              </>
            ) : (
              <>
                {otherAddress || accept.isError ? (
                  <FormError message={otherAddress ?? accept.error?.message ?? ""} />
                ) : null}
                <Button
                  onClick={() =>
                    accept.mutate(undefined, {
                      onSuccess: (joined) =>
                        toast({ title: t("join.welcome", { name: joined.name }), description: t("join.youAreIn") }),
                    })
                  }
                  disabled={accept.isPending || otherAddress !== null}
                >
                  {t("join.accept")}
                </Button>
              </>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}
