// GST tax invoices: one per captured payment, numbered without gaps within each financial year (the
// counter is taken inside the payment's transaction, so a rolled-back payment leaves no hole), and
// drawn as a PDF from the stored row, so the PDF always says what the invoice recorded.
import { eq } from "drizzle-orm";
import { dateIst, financialYearIst } from "#domain/clock";
import { amountInWords, GST_SAC, invoiceNumber, splitInclusive, stateCode } from "#domain/gst";
import { DEFAULT_LOCALE, type Locale, t } from "#domain/i18n";
import { formatInr } from "#domain/money";
import type { Tx } from "#server/db/client";
import { nextNumber } from "#server/db/counters";
import { invoices, users } from "#server/db/schema";
import { inLocale } from "#server/lib/i18n";
import type { SellerConfig } from "#server/lib/payment-gateway";
import { createPdf } from "#server/lib/pdf";

export type InvoiceRow = typeof invoices.$inferSelect;

export async function issueInvoice(
  tx: Tx,
  seller: SellerConfig,
  input: {
    paymentId: string;
    userId: string;
    totalPaise: number;
    description: string;
    billing: { name: string; state: string; gstin: string | null };
    at?: Date;
  },
): Promise<InvoiceRow> {
  const at = input.at ?? new Date();
  const [customer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  const gst = splitInclusive(input.totalPaise, {
    ratePercent: seller.gstRatePercent,
    supplierState: seller.state,
    customerState: input.billing.state,
  });
  const fy = financialYearIst(at);
  const number = invoiceNumber(fy, await nextNumber(tx, `invoice:${fy}`));
  const [row] = await tx
    .insert(invoices)
    .values({
      number,
      paymentId: input.paymentId,
      userId: input.userId,
      issuedAt: at,
      description: input.description,
      customerName: input.billing.name,
      customerEmail: customer?.email ?? "",
      customerGstin: input.billing.gstin || null,
      placeOfSupply: input.billing.state,
      sellerName: seller.legalName,
      sellerGstin: seller.gstin,
      sellerState: seller.state,
      sellerAddress: seller.address,
      sac: GST_SAC,
      ratePercent: gst.ratePercent,
      taxablePaise: gst.taxablePaise,
      cgstPaise: gst.cgstPaise,
      sgstPaise: gst.sgstPaise,
      igstPaise: gst.igstPaise,
      totalPaise: gst.totalPaise,
    })
    .returning();
  if (!row) throw new Error("invoice insert returned nothing");
  return row;
}

const stateWithCode = (state: string) => `${state} (${stateCode(state) ?? "–"})`;

/**
 * The invoice as a PDF (A4, Noto Sans in every script, with ₹), drawn from the stored row, in the
 * reader's language (issue 39), the amount in words too.
 */
export function invoicePdf(inv: InvoiceRow, locale: Locale = DEFAULT_LOCALE): Promise<Buffer> {
  return inLocale(locale, () => {
    const inr = (paise: number) => formatInr(paise, { decimals: true });
    const pdf = createPdf({ title: t("invoice.pdfTitle", { number: inv.number }) });
    pdf.text(t("invoice.heading"), { bold: true, size: 18 });
    pdf.moveDown(0.5);
    pdf.text(t("invoice.number", { number: inv.number }), { size: 10 });
    pdf.text(t("invoice.date", { date: dateIst(inv.issuedAt) }));
    pdf.moveDown();

    pdf.text(t("invoice.supplier"), { bold: true });
    pdf.text(inv.sellerName);
    pdf.text(inv.sellerAddress);
    pdf.text(t("invoice.gstin", { gstin: inv.sellerGstin || t("invoice.gstinMissing") }));
    pdf.text(t("invoice.state", { state: stateWithCode(inv.sellerState) }));
    pdf.moveDown();

    pdf.text(t("invoice.billedTo"), { bold: true });
    pdf.text(inv.customerName);
    pdf.text(inv.customerEmail);
    if (inv.customerGstin) pdf.text(t("invoice.gstin", { gstin: inv.customerGstin }));
    pdf.text(t("invoice.placeOfSupply", { state: stateWithCode(inv.placeOfSupply) }));
    pdf.moveDown();

    pdf.text(t("invoice.description"), { bold: true });
    pdf.text(inv.description);
    pdf.text(t("invoice.sac", { sac: inv.sac }));
    pdf.moveDown();

    const line = (label: string, paise: number, bold = false) =>
      pdf.text(t("invoice.amountLine", { label, amount: inr(paise) }), { bold });
    line(t("invoice.taxable"), inv.taxablePaise);
    const half = inv.ratePercent / 2;
    const interState = inv.placeOfSupply.trim().toLowerCase() !== inv.sellerState.trim().toLowerCase();
    if (interState) {
      line(t("invoice.igst", { rate: String(inv.ratePercent) }), inv.igstPaise);
    } else {
      line(t("invoice.cgst", { rate: String(half) }), inv.cgstPaise);
      line(t("invoice.sgst", { rate: String(half) }), inv.sgstPaise);
    }
    line(t("invoice.total"), inv.totalPaise, true);
    pdf.text(t("invoice.inWords", { words: amountInWords(inv.totalPaise, locale) }));
    pdf.moveDown();
    pdf.text(t("invoice.footer"), { size: 8 });
    return pdf.end();
  });
}
