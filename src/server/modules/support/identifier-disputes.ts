// A code (UPC or ISRC) someone else holds can be disputed: the dispute is a support ticket carrying
// the artist's evidence, for our team to check against the code's holder (issue 33).
import { and, eq, isNull, ne, or } from "drizzle-orm";
import { canonicalUpc, IDENTIFIER_MESSAGES } from "#domain/identifiers";
import type { Db } from "#server/db/client";
import { issuedIdentifiers, releases } from "#server/db/schema";
import { DomainError } from "#server/lib/domain-error";
import { openTicket } from "./tickets.service";

export async function disputeIdentifier(db: Db, userId: string, input: { code: string; evidence: string }) {
  const raw = input.code.replace(/[\s-]/g, "").toUpperCase();
  const code = /^\d{12,13}$/.test(raw) ? canonicalUpc(raw) : raw;
  const [held] = await db
    .select({ code: issuedIdentifiers.code, kind: issuedIdentifiers.kind })
    .from(issuedIdentifiers)
    .leftJoin(releases, eq(releases.id, issuedIdentifiers.releaseId))
    .where(and(eq(issuedIdentifiers.code, code), or(isNull(releases.userId), ne(releases.userId, userId))));
  if (!held) throw new DomainError("not_found", "NOT_HELD", IDENTIFIER_MESSAGES.disputeNotHeld(input.code.trim()));
  // The holder's release is not named to the disputing artist: the team looks it up by the code.
  const ticket = await openTicket(db, userId, {
    subject: `Code dispute: ${held.kind === "upc" ? "UPC/EAN" : "ISRC"} ${held.code}`,
    description: `I dispute who holds ${held.kind === "upc" ? "UPC/EAN" : "ISRC"} ${held.code}.\n\nMy evidence:\n${input.evidence}`,
  });
  return { ticket, message: IDENTIFIER_MESSAGES.disputeOpened(held.code) };
}
