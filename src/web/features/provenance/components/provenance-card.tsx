import { FileCheck2 } from "lucide-react";
import { Button } from "#web/components/ui/button";
import { useIssueProvenance } from "#web/features/provenance/api/issue-provenance";
import { useT } from "#web/lib/i18n";

/**
 * The release's provenance record: its AI disclosure, the SHA-256 and fingerprint of each file and
 * when it was submitted and delivered, signed by Kalrav, to download and to show anyone (issue 40).
 */
export function ProvenanceCard({ releaseId, checked }: { releaseId: string; checked: boolean }) {
  const t = useT();
  const issue = useIssueProvenance();
  const record = issue.data;
  return (
    <section aria-labelledby="provenance-heading" className="grid gap-3">
      <h2 id="provenance-heading" className="text-lg font-semibold">
        {t("provenance.title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("provenance.intro")}</p>
      {!checked ? (
        <p className="text-sm">{t("provenance.later")}</p>
      ) : record ? (
        <ul className="flex flex-wrap gap-3 text-sm" aria-label={t("provenance.downloads")}>
          <li>
            <a className="underline" href={`/api/provenance/${record.id}/pdf`} download>
              {t("statement.pdf")}
            </a>
          </li>
          <li>
            <a
              className="underline"
              href={`/api/provenance/${record.id}`}
              download={`kalrav-provenance-${record.id}.json`}
            >
              {t("provenance.json")}
            </a>
          </li>
          <li>
            <a className="underline" href={record.path}>
              {t("provenance.publicPage")}
            </a>
          </li>
        </ul>
      ) : (
        <div>
          <Button type="button" variant="outline" onClick={() => issue.mutate(releaseId)} disabled={issue.isPending}>
            <FileCheck2 className="h-4 w-4" aria-hidden />
            {issue.isPending ? t("provenance.signing") : t("provenance.get")}
          </Button>
        </div>
      )}
      {issue.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {issue.error instanceof Error ? issue.error.message : t("provenance.failed")}
        </p>
      )}
    </section>
  );
}
