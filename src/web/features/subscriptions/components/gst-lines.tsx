import { formatInr } from "#domain/money";
import { useT } from "#web/lib/i18n";

interface Gst {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  ratePercent: number;
  interState: boolean;
}

/** The GST inside an amount: taxable value, then CGST + SGST (same state) or IGST. */
export function GstLines({ gst }: { gst: Gst }) {
  const t = useT();
  const rs = (p: number) => formatInr(p, { decimals: true });
  return (
    <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-xs text-muted-foreground">
      <dt>{t("invoice.taxable")}</dt>
      <dd>{rs(gst.taxablePaise)}</dd>
      {gst.interState ? (
        <>
          <dt>{t("invoice.igst", { rate: String(gst.ratePercent) })}</dt>
          <dd>{rs(gst.igstPaise)}</dd>
        </>
      ) : (
        <>
          <dt>{t("invoice.cgst", { rate: String(gst.ratePercent / 2) })}</dt>
          <dd>{rs(gst.cgstPaise)}</dd>
          <dt>{t("invoice.sgst", { rate: String(gst.ratePercent / 2) })}</dt>
          <dd>{rs(gst.sgstPaise)}</dd>
        </>
      )}
    </dl>
  );
}
