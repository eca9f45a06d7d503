import { FileCheck2 } from "lucide-react";
import { Button } from "#web/components/ui/button";
import { useIssueProvenance } from "#web/features/provenance/api/issue-provenance";

/**
 * The release's provenance record: its AI disclosure, the SHA-256 and fingerprint of each file and
 * when it was submitted and delivered, signed by Kalrav, to download and to show anyone (issue 40).
 */
export function ProvenanceCard({ releaseId, checked }: { releaseId: string; checked: boolean }) {
  const issue = useIssueProvenance();
  const record = issue.data;
  return (
    <section aria-labelledby="provenance-heading" className="grid gap-3">
      <h2 id="provenance-heading" className="text-lg font-semibold">
        Provenance record
      </h2>
      <p className="text-sm text-muted-foreground">
        A record signed by Kalrav of what you declared about AI, the exact files you gave us (their SHA-256 and acoustic
        fingerprint) and when they were submitted and delivered. Anyone can check it on its public page.
      </p>
      {!checked ? (
        <p className="text-sm">Available once the quality check has read your files.</p>
      ) : record ? (
        <ul className="flex flex-wrap gap-3 text-sm" aria-label="Provenance record downloads">
          <li>
            <a className="underline" href={`/api/provenance/${record.id}/pdf`} download>
              Download PDF
            </a>
          </li>
          <li>
            <a
              className="underline"
              href={`/api/provenance/${record.id}`}
              download={`kalrav-provenance-${record.id}.json`}
            >
              Download JSON
            </a>
          </li>
          <li>
            <a className="underline" href={record.path}>
              Public check page
            </a>
          </li>
        </ul>
      ) : (
        <div>
          <Button type="button" variant="outline" onClick={() => issue.mutate(releaseId)} disabled={issue.isPending}>
            <FileCheck2 className="h-4 w-4" aria-hidden />
            {issue.isPending ? "Signing…" : "Get the provenance record"}
          </Button>
        </div>
      )}
      {issue.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {issue.error instanceof Error ? issue.error.message : "The record could not be issued. Try again."}
        </p>
      )}
    </section>
  );
}
