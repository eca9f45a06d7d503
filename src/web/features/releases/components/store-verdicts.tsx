import { labelsAt } from "#domain/i18n";
import { findingTexts } from "#domain/quality";
import { STORE_VERDICT_LABELS, type StoreVerdict, verdictSummary } from "#domain/store-verdict";
import { Badge } from "#web/components/ui/badge";
import type { StoreVerdicts } from "#web/features/releases/api/preflight-release";
import { useT } from "#web/lib/i18n";

const VERDICT_TONES: Record<StoreVerdict, "success" | "warning" | "danger" | "neutral"> = {
  ready: "success",
  warnings: "warning",
  refused: "danger",
  checking: "neutral",
};

const REASON_LABELS = labelsAt("verdict.reason", ["refused", "warning", "note"]);
const REASON_TONES = { refused: "danger", warning: "warning", note: "neutral" } as const;

/**
 * Store by store: will it take the release, and why not. Each store opens to its reasons with the
 * fix, refusals first; native disclosure elements, so keyboards and screen readers need nothing more.
 */
export function StoreVerdictsView({
  verdict,
  headingLevel = 2,
  id = "store-verdicts",
}: {
  verdict: StoreVerdicts;
  headingLevel?: 2 | 3;
  /** Unique on the page (the form and a dialog can both show one). */
  id?: string;
}) {
  const t = useT();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <Heading id={`${id}-heading`} className="text-lg font-semibold">
        {t("verdict.title")}
      </Heading>
      <p role="status" className="text-sm text-muted-foreground">
        {verdictSummary(verdict.stores)}
      </p>
      <ul className="grid gap-2">
        {verdict.stores.map((line) => {
          const label = (STORE_VERDICT_LABELS as Record<string, string>)[line.verdict] ?? line.verdict;
          const open = line.verdict === "refused";
          return (
            <li key={line.store} className="rounded-lg border border-border">
              <details open={open}>
                <summary className="flex cursor-pointer flex-wrap items-center gap-2 p-3">
                  <span className="font-medium">{line.storeName}</span>
                  <Badge tone={VERDICT_TONES[line.verdict as StoreVerdict] ?? "neutral"}>{label}</Badge>
                  {line.reasons.length > 0 && (
                    <span className="text-sm text-muted-foreground">
                      {t("verdict.points", { count: line.reasons.length })}
                    </span>
                  )}
                </summary>
                {line.reasons.length > 0 && (
                  <ul className="grid gap-2 border-t border-border p-3">
                    {line.reasons.map((r) => {
                      const text = findingTexts(r);
                      return (
                        <li key={`${r.kind}-${r.subject}-${r.message}`} className="grid gap-1">
                          <div className="flex flex-wrap items-center gap-2">
                            <Badge tone={REASON_TONES[r.kind]}>{REASON_LABELS[r.kind]}</Badge>
                            <span className="text-sm font-medium">{text.subject}</span>
                          </div>
                          <p className="text-sm">{text.message}</p>
                          {text.fix && (
                            <p className="text-sm text-muted-foreground">
                              <span className="font-medium text-foreground">{t("qcView.howToFix")}</span>
                              {text.fix}
                            </p>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </details>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
