// GST tax invoices: one per captured payment, numbered without gaps within each financial year (the
// counter is taken inside the payment's transaction, so a rolled-back payment leaves no hole), and
// drawn as a PDF from the stored row, so the PDF always says what the invoice recorded.
import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { amountInWords, financialYear, GST_SAC, invoiceNumber, splitInclusive, stateCode } from "#domain/gst";
import { formatInr } from "#domain/money";
import type { Tx } from "#server/db/client";
import { nextNumber } from "#server/db/counters";
import { invoices, users } from "#server/db/schema";
import type { SellerConfig } from "#server/lib/payment-gateway";

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
  const fy = financialYear(at);
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

/** ₹ is not in the PDF's standard fonts: amounts are written "Rs. 999.00" there. */
const rs = (paise: number) => `Rs. ${formatInr(paise, { decimals: true }).replace("₹", "")}`;
const stateWithCode = (state: string) => `${state} (${stateCode(state) ?? "–"})`;

/** The invoice as a PDF (A4, standard fonts), drawn from the stored row. */
export function invoicePdf(inv: InvoiceRow): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `Tax invoice ${inv.number}`, Author: inv.sellerName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(18).text("Tax Invoice");
  doc.moveDown(0.5).font("Helvetica").fontSize(10);
  doc.text(`Invoice number: ${inv.number}`);
  doc.text(`Invoice date: ${inv.issuedAt.toISOString().slice(0, 10)}`);
  doc.moveDown();

  doc.font("Helvetica-Bold").text("Supplier");
  doc.font("Helvetica").text(inv.sellerName);
  doc.text(inv.sellerAddress);
  doc.text(`GSTIN: ${inv.sellerGstin || "not configured (set KALRAV_GSTIN)"}`);
  doc.text(`State: ${stateWithCode(inv.sellerState)}`);
  doc.moveDown();

  doc.font("Helvetica-Bold").text("Billed to");
  doc.font("Helvetica").text(inv.customerName);
  doc.text(inv.customerEmail);
  if (inv.customerGstin) doc.text(`GSTIN: ${inv.customerGstin}`);
  doc.text(`Place of supply: ${stateWithCode(inv.placeOfSupply)}`);
  doc.moveDown();

  doc.font("Helvetica-Bold").text("Description");
  doc.font("Helvetica").text(inv.description);
  doc.text(`SAC: ${inv.sac}`);
  doc.moveDown();

  const line = (label: string, paise: number, bold = false) =>
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").text(`${label}: ${rs(paise)}`);
  line("Taxable value", inv.taxablePaise);
  const half = inv.ratePercent / 2;
  const interState = inv.placeOfSupply.trim().toLowerCase() !== inv.sellerState.trim().toLowerCase();
  if (interState) {
    line(`IGST @ ${inv.ratePercent}%`, inv.igstPaise);
  } else {
    line(`CGST @ ${half}%`, inv.cgstPaise);
    line(`SGST @ ${half}%`, inv.sgstPaise);
  }
  line("Total (GST included)", inv.totalPaise, true);
  doc.font("Helvetica").text(`Amount in words: ${amountInWords(inv.totalPaise)}`);
  doc.moveDown();
  doc.fontSize(8).text("Prices include GST. This is a computer-generated invoice and needs no signature.");
  doc.end();
  return done;
}
