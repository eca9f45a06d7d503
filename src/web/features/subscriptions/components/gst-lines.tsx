import { formatInr } from "#domain/money";

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
  const rs = (p: number) => formatInr(p, { decimals: true });
  return (
    <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-xs text-muted-foreground">
      <dt>Taxable value</dt>
      <dd>{rs(gst.taxablePaise)}</dd>
      {gst.interState ? (
        <>
          <dt>IGST @ {gst.ratePercent}%</dt>
          <dd>{rs(gst.igstPaise)}</dd>
        </>
      ) : (
        <>
          <dt>CGST @ {gst.ratePercent / 2}%</dt>
          <dd>{rs(gst.cgstPaise)}</dd>
          <dt>SGST @ {gst.ratePercent / 2}%</dt>
          <dd>{rs(gst.sgstPaise)}</dd>
        </>
      )}
    </dl>
  );
}
