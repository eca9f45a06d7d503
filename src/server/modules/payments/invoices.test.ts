import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { payments, users } from "#server/db/schema";
import { pdfText, visualText } from "#server/test/pdf-text";
import { createTestDatabase } from "#server/test/test-database";
import { invoicePdf, issueInvoice } from "./invoices";

const SELLER = { legalName: "Kalrav", gstin: "", state: "Karnataka", address: "Bengaluru", gstRatePercent: 18 };

describe("GST invoice numbering", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeEach(async () => {
    db = await createTestDatabase();
    await db.database.db.insert(users).values({ id: "u1", name: "Asha", email: "asha@example.com" });
  });
  afterEach(async () => {
    await db.dispose();
  });

  const invoiceAt = async (iso: string) => {
    const [payment] = await db.database.db
      .insert(payments)
      .values({
        userId: "u1",
        gateway: "test",
        gatewayPaymentId: `pay_${iso}`,
        amountPaise: 99_900,
        planId: "pro_artist",
      })
      .returning();
    return db.database.db.transaction((tx) =>
      issueInvoice(tx, SELLER, {
        paymentId: payment?.id as string,
        userId: "u1",
        totalPaise: 99_900,
        description: "Pro Artist",
        billing: { name: "Asha", state: "Karnataka", gstin: null },
        at: new Date(iso),
      }),
    );
  };

  it("follows India's financial year: a payment at 00:30 IST on 1 April opens the new year's series (issue 34)", async () => {
    // 23:59 IST on 31 March, then 00:30 IST on 1 April (19:00 UTC on 31 March).
    const before = await invoiceAt("2027-03-31T18:29:00Z");
    const after = await invoiceAt("2027-03-31T19:00:00Z");
    expect(before.number).toBe("KAL/2026-27/000001");
    expect(after.number).toBe("KAL/2027-28/000001");
    // The invoice's date is India's date too.
    expect(await pdfText(await invoicePdf(after))).toContain("Invoice date: 2027-04-01");
    const counters = await db.database.db.execute(sql`select count(*)::int as n from invoices`);
    expect((counters as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2);
  });

  it("is written in the reader's language: in Hindi every label is Hindi and every glyph is drawn (issue 39)", async () => {
    const invoice = await invoiceAt("2027-05-10T06:00:00Z");
    const text = pdfText;
    const visual = visualText;
    const hindi = visual(await text(await invoicePdf(invoice, "hi")));
    for (const label of [
      "टैक्स इनवॉइस",
      "इनवॉइस नंबर: KAL/2027-28/000001",
      "इनवॉइस तारीख़: 2027-05-10",
      "सप्लायर",
      "कुल (GST सहित): ₹999.00",
      "राशि शब्दों में: नौ सौ निन्यानवे रुपये मात्र",
      "यह कंप्यूटर से बना इनवॉइस है",
    ]) {
      expect(hindi).toContain(visual(label));
    }
    expect(hindi).not.toContain("TaxInvoice");
    const english = await text(await invoicePdf(invoice, "en"));
    expect(english).toContain("Tax Invoice");
    expect(english).toContain("Total (GST included): ₹999.00");
  });
});
