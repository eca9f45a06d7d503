import { Link, useParams } from "react-router";
import { formatInr } from "#domain/money";
import { SPLIT_MESSAGES, SPLIT_ROLE_LABELS } from "#domain/splits";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { FormError } from "#web/components/ui/form-error";
import { Skeleton } from "#web/components/ui/skeleton";
import { toast } from "#web/components/ui/toast";
import { useAcceptInvite, useInvite } from "#web/features/royalties/api/splits";
import { ApiClientError } from "#web/lib/api-client";

/** A collaborator's invite to a split sheet: what is shared and held, and Accept. */
export function InvitePage() {
  usePageMeta("Split invite");
  const { token = "" } = useParams();
  const invite = useInvite(token);
  const accept = useAcceptInvite(token);
  const error = accept.error instanceof ApiClientError ? accept.error.message : null;
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <h1 className="text-2xl font-bold">Your share of the royalties</h1>
      {invite.isPending && <Skeleton className="h-40" />}
      {invite.isError && <FormError message={SPLIT_MESSAGES.inviteNotFound} />}
      {invite.data && (
        <Card>
          <div className="grid gap-3">
            <p>
              {invite.data.ownerName} has put you, {invite.data.name} ({SPLIT_ROLE_LABELS[invite.data.role]}), on the
              split sheet of {invite.data.releases.map((t) => `“${t}”`).join(", ") || "their music"}.
            </p>
            <p className="text-lg font-semibold">
              Held for you: {formatInr(invite.data.heldPaise, { decimals: true })}
            </p>
            {invite.data.accepted || accept.isSuccess ? (
              <>
                <p role="status">{accept.data?.message ?? SPLIT_MESSAGES.inviteAccepted}</p>
                <Button asChild>
                  <Link to="/app/royalties">Go to Royalties</Link>
                </Button>
              </>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">
                  Accepting adds what is held to your balance, and your future share goes straight to you. No plan is
                  needed.
                </p>
                <FormError message={error} />
                <Button
                  onClick={() =>
                    accept.mutate(undefined, {
                      onSuccess: (data) => toast({ title: SPLIT_MESSAGES.acceptedTitle, description: data.message }),
                    })
                  }
                  disabled={accept.isPending}
                >
                  {accept.isPending ? "Accepting…" : "Accept invite"}
                </Button>
              </>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}
