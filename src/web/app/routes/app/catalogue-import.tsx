import { useSearchParams } from "react-router";
import { CATALOGUE_COLUMNS, IMPORT_MESSAGES, IMPORT_STATUS_LABELS } from "#domain/catalogue-import";
import { PLANS } from "#domain/plans";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { DataTable } from "#web/components/ui/data-table";
import { toast } from "#web/components/ui/toast";
import {
  type CatalogueImport,
  TEMPLATE_URL,
  useCatalogueImport,
  useCatalogueImports,
} from "#web/features/catalogue-import/api/catalogue-import";
import { CatalogueUploadForm } from "#web/features/catalogue-import/components/catalogue-upload-form";
import { ImportLinesTable } from "#web/features/catalogue-import/components/import-lines-table";
import { ImportProgress } from "#web/features/catalogue-import/components/import-progress";
import { useSubscription } from "#web/features/subscriptions/api/get-subscription";
import { formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

/**
 * Catalogue import (issue 38): send the CSV template or a DDEX ERN message, read the dry run release by
 * release, then import what passed. The import in view is in the address (?id=), so the page can be
 * left and come back to while the import runs on.
 */
export function CatalogueImportPage() {
  const t = useT();
  usePageMeta(t("importPage.title"));
  const [params, setParams] = useSearchParams();
  const id = params.get("id");
  const imports = useCatalogueImports();
  const subscription = useSubscription();
  const allowed = subscription.data ? PLANS[subscription.data.currentPlanId].bulkTools : true;
  const show = (i: CatalogueImport) => setParams({ id: i.id });
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("importPage.title")}</h1>
      <p className="text-muted-foreground">{t("importPage.intro")}</p>
      <Card className="grid gap-4">
        <h2 className="text-lg font-semibold">{t("importPage.check")}</h2>
        <p className="text-sm text-muted-foreground">
          {t("importPage.startFrom")}{" "}
          <a className="text-primary underline" href={TEMPLATE_URL} download>
            {t("importPage.template")}
          </a>{" "}
          {t("importPage.columns", {
            columns: CATALOGUE_COLUMNS.filter((c) => c.required)
              .map((c) => c.name)
              .join(", "),
          })}
        </p>
        {allowed ? (
          <CatalogueUploadForm
            onSent={(sent) => {
              toast({ title: t("importPage.received"), description: t("importPage.dryRun", { file: sent.fileName }) });
              show(sent);
            }}
          />
        ) : (
          <p className="rounded-lg bg-muted p-3 text-sm" role="status">
            {IMPORT_MESSAGES.plan}
          </p>
        )}
      </Card>
      {id && <ImportView id={id} />}
      <section aria-labelledby="imports-heading" className="grid gap-3">
        <h2 id="imports-heading" className="text-lg font-semibold">
          {t("importPage.yours")}
        </h2>
        <DataTable<CatalogueImport>
          label={t("importPage.yours")}
          rows={imports.data}
          rowKey={(i) => i.id}
          loading={imports.isPending}
          error={imports.isError ? imports.error.message : null}
          emptyText={t("importPage.none")}
          columns={[
            { header: t("importPage.file"), rowHeader: true, cell: (i) => i.fileName },
            { header: t("importPage.sent"), cell: (i) => formatDateTime(i.createdAt) },
            { header: t("ui.col.status"), cell: (i) => IMPORT_STATUS_LABELS[i.status] },
            { header: t("artists.releases"), numeric: true, cell: (i) => i.releases },
            { header: t("importPage.imported"), numeric: true, cell: (i) => i.imported },
            {
              header: t("ui.col.actions"),
              hiddenHeader: true,
              cell: (i) => (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => show(i)}
                  aria-label={t("importPage.view", { file: i.fileName })}
                >
                  {t("importPage.viewButton")}
                </Button>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}

/** One import: where it stands, and its dry run release by release. */
function ImportView({ id }: { id: string }) {
  const t = useT();
  const current = useCatalogueImport(id);
  if (current.isPending) return <p role="status">{t("importPage.loading")}</p>;
  if (current.isError) return <p className="text-destructive">{current.error.message}</p>;
  const value = current.data;
  return (
    <Card className="grid gap-6">
      <ImportProgress value={value} />
      {value.status !== "checking" && value.status !== "failed" && (
        <ImportLinesTable importId={value.id} live={value.status === "importing"} enabled />
      )}
    </Card>
  );
}
