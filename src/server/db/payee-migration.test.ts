import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsUpTo } from "#server/test/migrations";
import { migrationsFolder } from "./client";

describe("migration 0036–0037: one payee model (issue 34)", () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  afterAll(() => client.close());

  it("moves both forms' details into one set of columns without losing what a payee entered", async () => {
    const before = await migrationsUpTo("0035_jobs_schedule");
    await migrate(drizzle({ client }), { migrationsFolder: before });
    for (const id of ["a", "b", "c", "d", "e"]) {
      await client.query("insert into users (id, name, email) values ($1, $2, $3)", [id, `User ${id}`, `${id}@x.test`]);
    }
    await client.exec(`
      -- A: KYC by UPI, and old-form bank details as well.
      insert into payout_accounts (user_id, method, account_name, account_number_encrypted, account_number_last4,
        routing_number, bank_name, legal_name, kyc_method, upi_id, kyc_status, provider_fund_account_id)
      values ('a', 'bankTransfer', 'A Old', 'enc-a-old', '1111', 'HDFC0001234', 'HDFC', 'Asha Rao', 'upi', 'a@okaxis',
        'verified', 'fa_a');
      -- B: KYC with a bank account only.
      insert into payout_accounts (user_id, method, legal_name, kyc_method, kyc_account_encrypted, kyc_account_last4,
        ifsc, kyc_status)
      values ('b', 'bankTransfer', 'Bina Das', 'bank', 'enc-b', '2222', 'SBIN0000001', 'name_mismatch');
      -- C: the old form with an Indian bank (an IFSC), never validated.
      insert into payout_accounts (user_id, method, account_name, account_number_encrypted, account_number_last4,
        routing_number, bank_name, tax_form)
      values ('c', 'bankTransfer', 'Chandan Roy', 'enc-c', '3333', 'ICIC0000001', 'ICICI', 'w8ben');
      -- D: PayPal. E: a bank in the US (an ABA routing number).
      insert into payout_accounts (user_id, method, paypal_email, tax_form) values ('d', 'paypal', 'd@pay.example', 'w9');
      insert into payout_accounts (user_id, method, account_name, account_number_encrypted, account_number_last4,
        routing_number, bank_name, tax_form)
      values ('e', 'bankTransfer', 'Eve Stone', 'enc-e', '5555', '026009593', 'Bank of America', 'w9');
    `);

    await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
    const rows = (
      await client.query<Record<string, string | null>>(
        `select user_id, residence, method, legal_name, account_number_encrypted as enc, account_number_last4 as last4,
           ifsc, upi_id, routing_number, bank_name, paypal_email, tax_form, kyc_status
         from payout_accounts order by user_id`,
      )
    ).rows;
    const byUser = Object.fromEntries(rows.map((r) => [r.user_id, r]));
    expect(byUser.a).toMatchObject({
      residence: "india",
      method: "upi",
      legal_name: "Asha Rao",
      enc: null,
      upi_id: "a@okaxis",
    });
    expect(byUser.b).toMatchObject({
      residence: "india",
      method: "bank",
      enc: "enc-b",
      last4: "2222",
      ifsc: "SBIN0000001",
      kyc_status: "name_mismatch",
    });
    expect(byUser.c).toMatchObject({
      residence: "india",
      method: "bank",
      legal_name: "Chandan Roy",
      enc: "enc-c",
      last4: "3333",
      ifsc: "ICIC0000001",
      kyc_status: null,
    });
    expect(byUser.d).toMatchObject({
      residence: "abroad",
      method: "paypal",
      paypal_email: "d@pay.example",
      tax_form: "w9",
    });
    expect(byUser.e).toMatchObject({
      residence: "abroad",
      method: "bankTransfer",
      legal_name: "Eve Stone",
      enc: "enc-e",
      routing_number: "026009593",
      bank_name: "Bank of America",
    });
    // A's old-form bank details are archived, whole, not dropped.
    const archived = (await client.query<Record<string, string>>("select * from payee_details_archive")).rows;
    expect(archived).toEqual([
      expect.objectContaining({
        user_id: "a",
        account_name: "A Old",
        account_number_encrypted: "enc-a-old",
        account_number_last4: "1111",
        routing_number: "HDFC0001234",
        bank_name: "HDFC",
      }),
    ]);
    // From now on a method belongs to its residence.
    await expect(client.query("update payout_accounts set method = 'paypal' where user_id = 'a'")).rejects.toThrow(
      /payout_accounts_method_residence_check/,
    );
  });
});
