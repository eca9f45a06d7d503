import { useState } from "react";
import {
  CASE_OUTCOMES,
  CASE_STATUS_LABELS,
  CASE_TAKEDOWN_LABELS,
  CASE_TAKEDOWNS,
  type CaseOutcome,
  type CaseTakedown,
  type DecisionInput,
  decisionSchema,
} from "#domain/fraud";
import { Button } from "#web/components/ui/button";
import { Checkbox } from "#web/components/ui/checkbox";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Label } from "#web/components/ui/label";
import { Select } from "#web/components/ui/select";
import { Textarea } from "#web/components/ui/textarea";
import type { AdminCaseDetail } from "#web/features/cases/api/admin-cases";
import { useFieldErrors } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";

const FIELDS = ["outcome", "reason", "upheldIsrcs", "takedown", "takedownReason"] as const;

/** The admin's decision, confirmed before it is recorded (it moves money and cannot be undone). */
export function DecisionForm({
  detail,
  pending,
  onDecide,
}: {
  detail: AdminCaseDetail;
  pending: boolean;
  onDecide: (d: DecisionInput) => Promise<unknown>;
}) {
  const [outcome, setOutcome] = useState<CaseOutcome>("dismissed");
  const [reason, setReason] = useState("");
  const [upheld, setUpheld] = useState<string[]>([]);
  const [takedown, setTakedown] = useState<CaseTakedown>("none");
  const [takedownReason, setTakedownReason] = useState("");
  const [confirming, setConfirming] = useState<DecisionInput | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const fields = useFieldErrors(FIELDS, (f) => `decision-${f}`);
  const t = useT();
  const c = detail.case;

  const review = (e: React.FormEvent) => {
    e.preventDefault();
    const values = {
      outcome,
      reason,
      upheldIsrcs: outcome === "partly_upheld" ? upheld : [],
      takedown,
      takedownReason,
    };
    const parsed = decisionSchema.safeParse(values);
    if (!parsed.success) return fields.show(parsed.error, { ...values, upheldIsrcs: upheld.join(",") });
    fields.clear();
    setConfirming(parsed.data);
  };
  const decide = async () => {
    if (!confirming) return;
    setFailed(null);
    try {
      await onDecide(confirming);
      setConfirming(null);
    } catch (err) {
      setConfirming(null);
      setFailed((err as Error).message);
    }
  };
  return (
    <section aria-labelledby="decision-heading" className="grid gap-3 rounded-xl border border-border bg-card p-5">
      <h2 id="decision-heading" className="text-lg font-semibold">
        {t("decision.decide")}
      </h2>
      <form onSubmit={review} noValidate className="grid gap-3">
        <FormField id="decision-outcome" label={t("caseView.outcome")} error={fields.errors.outcome}>
          {(control) => (
            <Select {...control} value={outcome} onChange={(e) => setOutcome(e.target.value as CaseOutcome)}>
              {CASE_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {CASE_STATUS_LABELS[o]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {outcome === "partly_upheld" && (
          <fieldset
            className="grid gap-2"
            aria-describedby={fields.errors.upheldIsrcs ? "decision-upheldIsrcs-error" : undefined}
          >
            <legend className="text-sm font-medium">{t("decision.upholds")}</legend>
            {detail.tracks.map((track, i) => (
              <div key={`${track.releaseId}-${track.isrc}`} className="flex items-center gap-2">
                <Checkbox
                  id={i === 0 ? "decision-upheldIsrcs" : `decision-upheld-${i}`}
                  checked={upheld.includes(track.isrc)}
                  onCheckedChange={(on) =>
                    setUpheld((list) => (on ? [...list, track.isrc] : list.filter((x) => x !== track.isrc)))
                  }
                />
                <Label htmlFor={i === 0 ? "decision-upheldIsrcs" : `decision-upheld-${i}`}>
                  {track.track} ({track.isrc || t("decision.release")})
                </Label>
              </div>
            ))}
            {fields.errors.upheldIsrcs && (
              <p id="decision-upheldIsrcs-error" className="text-sm text-destructive">
                {fields.errors.upheldIsrcs}
              </p>
            )}
          </fieldset>
        )}
        <FormField id="decision-reason" label={t("decision.reason")} error={fields.errors.reason}>
          {(control) => <Textarea {...control} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </FormField>
        {outcome !== "dismissed" && (
          <FormField id="decision-takedown" label={t("decision.takedown")} error={fields.errors.takedown}>
            {(control) => (
              <Select {...control} value={takedown} onChange={(e) => setTakedown(e.target.value as CaseTakedown)}>
                {CASE_TAKEDOWNS.map((k) => (
                  <option key={k} value={k}>
                    {k === "store" ? t("decision.takedownAt", { store: c.store }) : CASE_TAKEDOWN_LABELS[k]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        {outcome !== "dismissed" && takedown === "all" && (
          <FormField id="decision-takedownReason" label={t("decision.whyAll")} error={fields.errors.takedownReason}>
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                value={takedownReason}
                onChange={(e) => setTakedownReason(e.target.value)}
              />
            )}
          </FormField>
        )}
        <FormError message={failed} />
        <Button type="submit" disabled={pending} className="justify-self-start">
          {t("decision.record")}
        </Button>
      </form>
      <ConfirmDialog
        open={Boolean(confirming)}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t("decision.recordQ", { outcome: confirming ? CASE_STATUS_LABELS[confirming.outcome] : "" })}
        description={confirming?.outcome === "dismissed" ? t("decision.dismissText") : t("decision.upholdText")}
        confirmLabel={t("decision.record")}
        pending={pending}
        onConfirm={decide}
      />
    </section>
  );
}
