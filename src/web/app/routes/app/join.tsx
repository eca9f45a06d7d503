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
import { useSession } from "#web/lib/session";

/**
 * An invitation to a workspace (issue 35), opened from its e-mail. A visitor without an account is
 * sent here after registering with the invited address and signing in (the link carries it).
 */
export function JoinWorkspacePage() {
  usePageMeta("Join a workspace");
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
      <h1 className="text-2xl font-bold">Join a workspace</h1>
      {invitation.isPending && <Skeleton className="h-40" />}
      {invitation.isError && <FormError message={invitation.error.message} />}
      {invitation.data && (
        <Card>
          <div className="grid gap-3">
            <p>
              {invitation.data.invitedBy ?? "Someone"} invited {invitation.data.email} to{" "}
              <strong>{invitation.data.workspaceName}</strong> as {WORKSPACE_ROLE_LABELS[invitation.data.role]}.
            </p>
            <p className="text-sm text-muted-foreground">{WORKSPACE_ROLE_DESCRIPTIONS[invitation.data.role]}</p>
            <p className="text-sm text-muted-foreground">Open until {formatDateTime(invitation.data.expiresAt)}.</p>
            {accept.isSuccess ? (
              <>
                <p role="status">You joined {accept.data.name}. It is now your active workspace.</p>
                <Button asChild>
                  <Link to={paths.app.dashboard}>Go to the dashboard</Link>
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
                      onSuccess: (joined) => toast({ title: `Welcome to ${joined.name}`, description: "You are in." }),
                    })
                  }
                  disabled={accept.isPending || otherAddress !== null}
                >
                  Accept and join
                </Button>
              </>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}
