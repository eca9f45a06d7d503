import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { TrackAi } from "#domain/ai-disclosure";
import { ARTIST_CREDIT_ROLES } from "#domain/artists";
import { IMPORT_FORMATS, IMPORT_LINE_STATUSES, IMPORT_STATUSES } from "#domain/catalogue-import";
import type { Contributor } from "#domain/credits";
import { DELIVERY_KINDS, DELIVERY_STATUSES } from "#domain/deliveries";
import { ANOMALY_KINDS, CASE_STATUSES, CASE_TAKEDOWNS } from "#domain/fraud";
import type { KeptSaid } from "#domain/i18n";
import { LOCALES } from "#domain/i18n/locales";
import type { AudioLevels } from "#domain/levels";
import {
  CHECKOUT_PURPOSES,
  CHECKOUT_STATUSES,
  GATEWAY_SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_KINDS,
} from "#domain/payments";
import { KYC_STATUSES, PAYEE_METHODS, PAYEE_RESIDENCES, PAYOUT_STATUSES, TAX_FORMS } from "#domain/payouts";
import { PLAN_IDS } from "#domain/plans";
import { type ArtworkFacts, type AudioFacts, type Finding, QC_STATUSES } from "#domain/quality";
import { RELEASE_EVENT_KINDS, RELEASE_STATUSES, RELEASE_TYPES } from "#domain/releases";
import { REPORT_READERS, REPORT_STATUSES } from "#domain/reports";
import { ROLES } from "#domain/roles";
import { SPLIT_ROLES, type SplitRole } from "#domain/splits";
import { SUBSCRIPTION_STATUSES } from "#domain/subscriptions";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "#domain/tickets";
import { UPLOAD_KINDS } from "#domain/uploads";
import { WEBHOOK_DELIVERY_STATUSES } from "#domain/webhooks";
import { AUDIT_KINDS, INVITATION_STATUSES, WORKSPACE_ROLES } from "#domain/workspaces";

const tz = { withTimezone: true } as const;
const createdAt = () => timestamp("created_at", tz).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", tz)
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `col in ('a','b')` for a check constraint from a domain list. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
}

export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull().unique(),
  },
  () => [check("roles_name_check", oneOf("name", ROLES))],
);

/** Better Auth's user, carrying the profile (product §11). Property names are what Better Auth expects. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role")
      .notNull()
      .default("artist")
      .references(() => roles.name, { onUpdate: "cascade" }),
    banned: boolean("banned").notNull().default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", tz),
    bio: text("bio"),
    website: text("website"),
    instagram: text("instagram"),
    twitter: text("twitter"),
    lastSignInAt: timestamp("last_sign_in_at", tz),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** The language they read Kalrav in, and get e-mails and PDFs in (issue 39): "en" or "hi". */
    locale: text("locale").notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("users_role_idx").on(t.role),
    index("users_created_at_idx").on(t.createdAt, t.id),
    check("users_locale_check", oneOf("locale", LOCALES)),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", tz),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", tz),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Better Auth's rate-limit counters, in the database so several server processes share them. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

export const releases = pgTable(
  "releases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null for manual admin uploads and for releases whose owner was deleted. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** The title in Latin letters when it is written in an Indian script (issue 39). */
    titleLatin: text("title_latin"),
    artistName: text("artist_name").notNull(),
    releaseType: text("release_type").notNull().default("single"),
    releaseDate: date("release_date").notNull(),
    /** Music released before: when it first came out (DDEX OriginalReleaseDate). Null for new music. */
    originalReleaseDate: date("original_release_date"),
    status: text("status").notNull().default("pending_review"),
    isExplicit: boolean("is_explicit").notNull().default(false),
    genre: text("genre"),
    /** The language sung on it (an IETF code, "zxx" for an instrumental); null: not said. */
    language: text("language"),
    /** The label it comes out on, the (P)/(C) holder; null: the artist's own release. */
    labelName: text("label_name"),
    /** "local" (midnight in each country) or "global" (midnight in India, everywhere at once). */
    releaseTiming: text("release_timing").notNull().default("local"),
    /** Pre-orders open on this date; null: no pre-order. */
    preOrderDate: date("pre_order_date"),
    /** Instant-grat tracks play from this date; null: none. */
    instantGratDate: date("instant_grat_date"),
    /** How much of the artwork AI made (none, partly, all); null: not declared yet. */
    artworkAi: text("artwork_ai"),
    upcEan: text("upc_ean"),
    audioFileUrl: text("audio_file_url"),
    coverArtUrl: text("cover_art_url"),
    /** Uploaded files (issue 17), used instead of the links when set. */
    audioUploadId: text("audio_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    coverArtUploadId: text("cover_art_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", tz).notNull().defaultNow(),
    approvedAt: timestamp("approved_at", tz),
    liveAt: timestamp("live_at", tz),
    adminNotes: text("admin_notes"),
    /** The automated quality check: its state, findings and when it last finished. */
    qcStatus: text("qc_status").notNull().default("pending"),
    qcFindings: jsonb("qc_findings").$type<Finding[]>().notNull().default([]),
    qcCheckedAt: timestamp("qc_checked_at", tz),
    /** The artwork as fetched by the check: content address in the media store, MD5 for DDEX, facts. */
    artworkSha256: text("artwork_sha256"),
    artworkMd5: text("artwork_md5"),
    artworkFacts: jsonb("artwork_facts").$type<ArtworkFacts>(),
    /** The release's public page, /r/<slug>: short, unguessable, never reused. */
    publicSlug: text("public_slug").notNull().default(sql`substr(md5(gen_random_uuid()::text), 1, 10)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("releases_public_slug_key").on(t.publicSlug),
    check("releases_status_check", oneOf("status", RELEASE_STATUSES)),
    check("releases_qc_status_check", oneOf("qc_status", QC_STATUSES)),
    check("releases_release_type_check", oneOf("release_type", RELEASE_TYPES)),
    index("releases_user_submitted_idx").on(t.userId, t.submittedAt),
    index("releases_status_submitted_idx").on(t.status, t.submittedAt, t.id),
    index("releases_submitted_idx").on(t.submittedAt, t.id),
    index("releases_upc_ean_idx").on(t.upcEan),
  ],
);

/**
 * Each store's recent health: failed attempts in a row (any success resets it) and, past the limit,
 * when its deliveries were paused and why. A row appears on a store's first failure.
 */
export const storeHealth = pgTable("store_health", {
  store: text("store").primaryKey(),
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  lastError: text("last_error"),
  pausedAt: timestamp("paused_at", tz),
  updatedAt: updatedAt(),
});

/** Where a release is on each store, once known: found by a resolver (Spotify, Apple) or entered by an admin. */
export const storeLinks = pgTable(
  "store_links",
  {
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    store: text("store").notNull(),
    url: text("url").notNull(),
    source: text("source").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.store] }),
    check("store_links_source_check", sql`source in ('manual', 'spotify', 'apple')`),
  ],
);

/**
 * Visits to a release's public page and clicks through to each store, counted per day. Counts only:
 * no address, cookie or agent is stored.
 */
/**
 * Who was already counted today for a release's page or a store button: a keyed digest of the client
 * address and browser, never the address itself. A visitor counts once a day (issue 33: counters grew
 * with every reload). Rows older than a day are of no use and are removed by the hourly clean-up.
 */
export const releaseLinkVisitors = pgTable(
  "release_link_visitors",
  {
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    store: text("store").notNull().default(""),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.day, t.kind, t.store, t.visitor] })],
);

export const releaseLinkStats = pgTable(
  "release_link_stats",
  {
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    /** "visit" of the page, or "click" through to `store`. */
    kind: text("kind").notNull(),
    /** The store clicked; empty for a visit. */
    store: text("store").notNull().default(""),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.day, t.kind, t.store] }),
    check("release_link_stats_kind_check", sql`kind in ('visit', 'click')`),
  ],
);

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** A short number people can quote to support. */
    number: integer("number").notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    status: text("status").notNull().default("open"),
    priority: text("priority").notNull().default("medium"),
    assignedToAdminId: text("assigned_to_admin_id"),
    closedAt: timestamp("closed_at", tz),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("support_tickets_status_check", oneOf("status", TICKET_STATUSES)),
    check("support_tickets_priority_check", oneOf("priority", TICKET_PRIORITIES)),
    index("support_tickets_user_created_idx").on(t.userId, t.createdAt),
    index("support_tickets_status_created_idx").on(t.status, t.createdAt, t.id),
    index("support_tickets_created_idx").on(t.createdAt, t.id),
  ],
);

export const supportTicketMessages = pgTable(
  "support_ticket_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    /** Null for admin replies (product §3). */
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    isAdminReply: boolean("is_admin_reply").notNull().default(false),
    sentAt: timestamp("sent_at", tz).notNull().defaultNow(),
  },
  (t) => [index("support_ticket_messages_ticket_sent_idx").on(t.ticketId, t.sentAt)],
);

/** Messages from the public contact form; also mailed to the support address. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The signed-in user who sent it, if any. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

/**
 * What stores report, one row per release, store, country and day (track-level when an ISRC is
 * given). Every streams/listeners/royalties figure an artist sees is computed from these rows.
 */
export const dailyStreamFacts = pgTable(
  "daily_stream_facts",
  {
    /**
     * Posted earnings never vanish with a release (it is taken down, not deleted): a release with facts
     * cannot be deleted (trigger `releases_keep_facts`, migration 0068). No foreign key: its check per
     * row was a quarter of a million-row import; the import locks the releases it writes for instead.
     */
    releaseId: uuid("release_id").notNull(),
    /**
     * The release's owner, kept in step by triggers, so the rollups and the sums a report's import
     * makes know whose figures each row holds without a join to its release.
     * No foreign key of its own: releases.user_id has one, and its trigger carries every change here
     * (a key checked per row would cost an import a million lookups).
     */
    ownerId: text("owner_id"),
    isrc: text("isrc").notNull().default(""),
    store: text("store").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    day: date("day").notNull(),
    streams: bigint("streams", { mode: "number" }).notNull().default(0),
    listeners: bigint("listeners", { mode: "number" }).notNull().default(0),
    revenuePaise: bigint("revenue_paise", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("daily_stream_facts_non_negative", sql`streams >= 0 and listeners >= 0 and revenue_paise >= 0`),
    // The fact's identity is its key: no surrogate id to generate and index for every imported row.
    // It also serves every read of a release's facts (it leads with the release, and the month's
    // partition bounds the days): a second index on (release, day) only cost each import its build
    // (migration 0075).
    primaryKey({ name: "daily_stream_facts_pkey", columns: [t.releaseId, t.isrc, t.store, t.country, t.day] }),
    // No index by owner (migration 0084, decision 058): an artist's facts are read through their
    // releases' key, and a report's month is spared the owner index's build.
  ],
);

// An artist's figures summed per day, per store and per country, kept in step with the facts by
// statement-level triggers (migration 0010), so the dashboard reads a few short index ranges instead
// of aggregating every fact. No foreign key: rows of a deleted owner are dropped by the triggers.
const rollupTotals = {
  ownerId: text("owner_id").notNull(),
  streams: bigint("streams", { mode: "number" }).notNull().default(0),
  listeners: bigint("listeners", { mode: "number" }).notNull().default(0),
  revenuePaise: bigint("revenue_paise", { mode: "number" }).notNull().default(0),
};

export const ownerDailyTotals = pgTable("owner_daily_totals", { ...rollupTotals, day: date("day").notNull() }, (t) => [
  primaryKey({ columns: [t.ownerId, t.day] }),
]);

// The store and country totals and the stream counts are updated in place by every report: their pages
// are kept half full (migration 0079, decision 050), so a row's new version stays on its page.
export const ownerStoreTotals = pgTable(
  "owner_store_totals",
  { ...rollupTotals, store: text("store").notNull() },
  (t) => [primaryKey({ columns: [t.ownerId, t.store] })],
);

export const ownerCountryTotals = pgTable(
  "owner_country_totals",
  { ...rollupTotals, country: text("country").notNull() },
  (t) => [primaryKey({ columns: [t.ownerId, t.country] })],
);

// Each release's stream count, kept by the facts' rollups (migration 0030) in a table of its own
// (migration 0077, decision 048): rewriting a release's row for it also wrote its ten indexes, four of
// them GIN, and took 1.6 s of a million-row report's 10,000 releases. A release with no row has none.
export const releaseStreams = pgTable("release_streams", {
  releaseId: uuid("release_id")
    .primaryKey()
    .references(() => releases.id, { onDelete: "cascade" }),
  streams: bigint("streams", { mode: "number" }).notNull().default(0),
});

// How many rows a table holds per bucket (a ticket's status and priority; one bucket for users), kept
// exact by statement-level triggers (migration 0012), so a list's total is one row lookup instead of a
// count over every matching row.
export const rowCounts = pgTable(
  "row_counts",
  {
    scope: text("scope").notNull(),
    bucket: text("bucket").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.bucket] })],
);

/** Plan records: one per period an artist is (or was) on a plan. No record means the default plan. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    status: text("status").notNull().default("active"),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    /** Cancelled by the artist: stays active until end_date, then does not renew. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** Payment retries an admin recorded for a past-due record. */
    paymentRetries: integer("payment_retries").notNull().default(0),
    /** "paid" (a confirmed payment started it) or "complimentary" (an admin's gift, with a reason). */
    kind: text("kind").notNull(),
    complimentaryReason: text("complimentary_reason"),
    /** The payment that started or last renewed this period. */
    paymentId: uuid("payment_id"),
    /** Renewal reminders sent for this period (7 days and 1 day before its end). */
    reminder7SentAt: timestamp("reminder_7_sent_at", tz),
    reminder1SentAt: timestamp("reminder_1_sent_at", tz),
    /** The artist was told this paid period ended without renewal (live releases stay live). */
    lapseNoticeSentAt: timestamp("lapse_notice_sent_at", tz),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("subscriptions_plan_check", oneOf("plan_id", PLAN_IDS)),
    check("subscriptions_kind_check", oneOf("kind", SUBSCRIPTION_KINDS)),
    check("subscriptions_complimentary_reason_check", sql`kind <> 'complimentary' or complimentary_reason is not null`),
    check("subscriptions_status_check", oneOf("status", SUBSCRIPTION_STATUSES)),
    check("subscriptions_currency_check", sql`currency = 'INR'`),
    check("subscriptions_amount_check", sql`amount_paise >= 0`),
    check("subscriptions_period_check", sql`end_date >= start_date`),
    index("subscriptions_user_created_idx").on(t.userId, t.createdAt),
    index("subscriptions_status_idx").on(t.status),
    // At most one active record per artist, whatever requests race.
    uniqueIndex("subscriptions_one_active_idx").on(t.userId).where(sql`status = 'active'`),
  ],
);

/** Better Auth's TOTP secrets and backup codes (both stored encrypted by the library). */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", tz),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/**
 * Where a payee's royalties are paid (issue 34: one payee model). In India: legal name, PAN, and a
 * bank account + IFSC or a UPI ID validated by the payout provider; outside India: a bank transfer or
 * PayPal, paid by hand, with a US tax form. PAN and account number are encrypted at rest; only their
 * last four characters are kept readable.
 */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    residence: text("residence").notNull().default("india"),
    method: text("method").notNull(),
    accountNumberEncrypted: text("account_number_encrypted"),
    accountNumberLast4: text("account_number_last4"),
    /** Abroad: the bank's SWIFT/BIC code or ABA routing number. */
    routingNumber: text("routing_number"),
    bankName: text("bank_name"),
    paypalEmail: text("paypal_email"),
    taxForm: text("tax_form"),
    // Payee KYC (issue 19): who is paid, their PAN for TDS, and a bank account + IFSC or a UPI ID,
    // validated by the payout provider, whose registered name must match the legal name.
    legalName: text("legal_name"),
    panEncrypted: text("pan_encrypted"),
    /** A keyed digest of the PAN: TDS thresholds count per PAN, across accounts (issue 33). */
    panHash: text("pan_hash"),
    panLast4: text("pan_last4"),
    ifsc: text("ifsc"),
    upiId: text("upi_id"),
    kycStatus: text("kyc_status"),
    /** The name the bank or UPI provider has on record for the account. */
    registeredName: text("registered_name"),
    kycCheckedAt: timestamp("kyc_checked_at", tz),
    kycReviewedBy: text("kyc_reviewed_by").references(() => users.id, { onDelete: "set null" }),
    /** The provider's contact and fund account for this payee (RazorpayX), made on validation. */
    providerContactId: text("provider_contact_id"),
    providerFundAccountId: text("provider_fund_account_id"),
    updatedAt: updatedAt(),
  },
  () => [
    check("payout_accounts_kyc_status_check", sql`kyc_status is null or ${oneOf("kyc_status", KYC_STATUSES)}`),
    check("payout_accounts_residence_check", oneOf("residence", PAYEE_RESIDENCES)),
    check("payout_accounts_method_check", oneOf("method", PAYEE_METHODS)),
    // Bank and UPI through the provider in India; a bank transfer or PayPal by hand abroad.
    check("payout_accounts_method_residence_check", sql`(residence = 'india') = (method in ('bank', 'upi'))`),
    check("payout_accounts_tax_form_check", sql`tax_form is null or ${oneOf("tax_form", TAX_FORMS)}`),
  ],
);

/**
 * Bank or PayPal details saved through the old payout-account form and superseded, when the two payee
 * models became one (migration 0036), by KYC details saved for the same payee. Kept, encrypted as
 * before, so that nothing a payee entered is lost; nothing reads them but an admin's query.
 */
export const payeeDetailsArchive = pgTable("payee_details_archive", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  method: text("method").notNull(),
  accountName: text("account_name"),
  accountNumberEncrypted: text("account_number_encrypted"),
  accountNumberLast4: text("account_number_last4"),
  routingNumber: text("routing_number"),
  bankName: text("bank_name"),
  paypalEmail: text("paypal_email"),
  taxForm: text("tax_form"),
  archivedAt: timestamp("archived_at", tz).notNull().defaultNow(),
});

/** The six notification preferences of product §3, with its defaults. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailReleaseUpdates: boolean("email_release_updates").notNull().default(true),
  emailPaymentUpdates: boolean("email_payment_updates").notNull().default(true),
  emailMarketing: boolean("email_marketing").notNull().default(false),
  pushStreamMilestones: boolean("push_stream_milestones").notNull().default(true),
  pushPaymentReceived: boolean("push_payment_received").notNull().default(true),
  pushNewFeatures: boolean("push_new_features").notNull().default(false),
  updatedAt: updatedAt(),
});

export const NOTIFICATION_KINDS = ["release_status", "ticket_reply", "payment", "case"] as const;

/** In-app notifications shown under the bell. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    link: text("link"),
    readAt: timestamp("read_at", tz),
    createdAt: createdAt(),
  },
  (t) => [
    check("notifications_kind_check", oneOf("kind", NOTIFICATION_KINDS)),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** An uploaded store report file and its import job (durable: a restart resumes it). */
export const storeReports = pgTable(
  "store_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileName: text("file_name").notNull(),
    /** SHA-256 of the file: the same file is never imported twice. */
    sha256: text("sha256").notNull().unique(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    status: text("status").notNull().default("queued"),
    processedRows: integer("processed_rows").notNull().default(0),
    importedRows: integer("imported_rows").notNull().default(0),
    errorRows: integer("error_rows").notNull().default(0),
    /** The first 1,000 refused rows: [{ line, reason }]. */
    errors: jsonb("errors").$type<{ line: number; reason: string }[]>().notNull().default([]),
    failure: text("failure"),
    /**
     * Who read the rows (decision 046): "database" when PostgreSQL's COPY read the file and the rows
     * were checked there, "server" when the server read it row by row; null until imported.
     */
    readBy: text("read_by"),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", tz),
  },
  (t) => [
    check("store_reports_status_check", oneOf("status", REPORT_STATUSES)),
    check("store_reports_read_by_check", oneOf("read_by", REPORT_READERS)),
    index("store_reports_created_idx").on(t.createdAt),
  ],
);

/** Rows of a report being imported; moved into daily_stream_facts in one transaction at the end. */
/** Earnings per artist per month after their plan's share, recomputed from the facts after each import. */
export const royaltyLedger = pgTable(
  "royalty_ledger",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: date("month").notNull(),
    grossPaise: bigint("gross_paise", { mode: "number" }).notNull(),
    sharePercent: integer("share_percent").notNull(),
    netPaise: bigint("net_paise", { mode: "number" }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    status: text("status").notNull().default("pending"),
    method: text("method").notNull(),
    reference: text("reference"),
    /** TDS deducted from amount_paise (issue 19); the bank receives amount - tds. */
    tdsPaise: bigint("tds_paise", { mode: "number" }).notNull().default(0),
    tdsRateBp: integer("tds_rate_bp").notNull().default(0),
    /** The financial year (IST) the payout counts in for TDS, e.g. "2026-27". */
    financialYear: text("financial_year").notNull().default(""),
    /** The payee's PAN when the payout was requested (encrypted), for the TDS return of that quarter. */
    panEncrypted: text("pan_encrypted"),
    /** Its keyed digest: the year's TDS threshold counts every payout to the same PAN. */
    panHash: text("pan_hash"),
    /** Who pays it: a provider ("razorpayx", "test") once approved, or null when paid by hand. */
    provider: text("provider"),
    providerPayoutId: text("provider_payout_id"),
    /** Sent with every attempt at the provider, so a retried call never pays twice. */
    idempotencyKey: uuid("idempotency_key").notNull().defaultRandom(),
    mode: text("mode"),
    /** The bank's reference for the transfer. */
    utr: text("utr"),
    failureReason: text("failure_reason"),
    approvedAt: timestamp("approved_at", tz),
    requestedAt: timestamp("requested_at", tz).notNull().defaultNow(),
    completedAt: timestamp("completed_at", tz),
  },
  (t) => [
    check("payouts_status_check", oneOf("status", PAYOUT_STATUSES)),
    check("payouts_amount_check", sql`amount_paise > 0`),
    check("payouts_tds_check", sql`tds_paise >= 0 and tds_paise <= amount_paise`),
    uniqueIndex("payouts_provider_payout_key").on(t.providerPayoutId),
    index("payouts_user_requested_idx").on(t.userId, t.requestedAt),
    index("payouts_status_idx").on(t.status),
    index("payouts_pan_year_idx").on(t.panHash, t.financialYear),
  ],
);

/**
 * Someone an owner shares earnings with: invited by e-mail (or a link shared on WhatsApp), held in
 * escrow until they accept with a Kalrav account of their own. Reused across the owner's sheets.
 */
export const collaborators = pgTable(
  "collaborators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role").notNull(),
    email: text("email"),
    /** +91XXXXXXXXXX. */
    phone: text("phone"),
    /** SHA-256 of the invite token (the link's secret); the token itself is kept encrypted so the owner can share it again. */
    inviteTokenHash: text("invite_token_hash").notNull().unique(),
    inviteTokenEncrypted: text("invite_token_encrypted").notNull(),
    invitedAt: timestamp("invited_at", tz).notNull().defaultNow(),
    /** Reminders sent (days after the invite: 7, 30). */
    remindersSent: integer("reminders_sent").notNull().default(0),
    acceptedUserId: text("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", tz),
    /**
     * The one-time code that proves control of the invited address or number (decision 020): its
     * SHA-256, when it stops working, and the wrong guesses made against it.
     */
    acceptCodeHash: text("accept_code_hash"),
    acceptCodeExpiresAt: timestamp("accept_code_expires_at", tz),
    acceptCodeAttempts: integer("accept_code_attempts").notNull().default(0),
    /** Codes sent since `acceptCodesWindowAt` (a bounded number a day). */
    acceptCodesSent: integer("accept_codes_sent").notNull().default(0),
    acceptCodesWindowAt: timestamp("accept_codes_window_at", tz),
    createdAt: createdAt(),
  },
  (t) => [
    check("collaborators_role_check", oneOf("role", SPLIT_ROLES)),
    check("collaborators_contact_check", sql`email is not null or phone is not null`),
    uniqueIndex("collaborators_owner_email_key").on(t.ownerId, t.email),
    uniqueIndex("collaborators_owner_phone_key").on(t.ownerId, t.phone),
    index("collaborators_accepted_user_idx").on(t.acceptedUserId),
  ],
);

/**
 * One version of a track's split sheet (track_id null: the release's rows that name no track). The
 * version in force on a day is the latest effective on or before it; versions are never edited, so a
 * period already posted keeps the split it was posted with.
 */
export const splitSheets = pgTable(
  "split_sheets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    trackId: uuid("track_id").references(() => tracks.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    effectiveFrom: date("effective_from").notNull(),
    /** Repaid first, in total across the track's history, before the shares apply. */
    recoupCollaboratorId: uuid("recoup_collaborator_id").references(() => collaborators.id, { onDelete: "set null" }),
    recoupPaise: bigint("recoup_paise", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("split_sheets_recoup_check", sql`recoup_paise >= 0`),
    index("split_sheets_release_idx").on(t.releaseId, t.trackId, t.effectiveFrom),
  ],
);

/** A sheet's rows: collaborator (null: the owner) and share in basis points; a sheet's rows sum to 10,000. */
export const splitShares = pgTable(
  "split_shares",
  {
    sheetId: uuid("sheet_id")
      .notNull()
      .references(() => splitSheets.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    collaboratorId: uuid("collaborator_id").references(() => collaborators.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    shareBp: integer("share_bp").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sheetId, t.position] }),
    check("split_shares_bp_check", sql`share_bp between 0 and 10000`),
    check("split_shares_role_check", oneOf("role", SPLIT_ROLES)),
  ],
);

/** Saved split templates (issue 19): collaborators who recur, to start a new split from. Rows as the split form sends them. */
export const splitTemplates = pgTable(
  "split_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    collaborators: jsonb("collaborators")
      .$type<{ name: string; role: SplitRole; email: string; phone: string; percent: string; isOwner: boolean }[]>()
      .notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("split_templates_owner_name_idx").on(t.ownerId, t.name)],
);

/** The kinds of posting in the royalty ledger. */
export const ENTRY_KINDS = [
  "earning",
  "recoupment",
  "escrow_release",
  "payout",
  "payout_return",
  // Issue 41: earnings held while a store's notice is in dispute, released, or reversed when upheld,
  // and a store's fee as its own line.
  "hold",
  "hold_release",
  "reversal",
  "store_fee",
] as const;

/**
 * The royalty ledger (issue 19): every paisa credited or debited to a payee, append-only. A balance is
 * the sum of a payee's entries; money held for a collaborator who has not accepted has no user
 * (escrow) until its release moves it, once. A restated report posts the reversal of what it replaces
 * and the new figure, so history stays readable.
 */
export const royaltyEntries = pgTable(
  "royalty_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Whose balance it moves; null while held in escrow for an invited collaborator. */
    // No foreign key: a statement trigger checks a whole insert's accounts at once, and an account's
    // deletion leaves its entries with no account, as `on delete set null` did (decision 044).
    userId: text("user_id"),
    /** The split payee it was allocated to (null: the release's owner). */
    // No foreign key: a statement trigger checks a whole insert's collaborators at once, and a
    // collaborator's deletion leaves their entries with none, as `on delete set null` did (migration 0081).
    collaboratorId: uuid("collaborator_id"),
    kind: text("kind").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    /** The month the earning is for (payouts: the month requested). */
    month: date("month").notNull(),
    releaseId: uuid("release_id"),
    isrc: text("isrc").notNull().default(""),
    store: text("store").notNull().default(""),
    country: text("country").notNull().default(""),
    sheetId: uuid("sheet_id"),
    reportId: uuid("report_id"),
    payoutId: uuid("payout_id"),
    /** The fraud case a hold, its release, a reversal or a store's fee belongs to (issue 41). */
    caseId: uuid("case_id"),
    createdAt: createdAt(),
  },
  (t) => [
    check("royalty_entries_kind_check", oneOf("kind", ENTRY_KINDS)),
    index("royalty_entries_case_idx").on(t.caseId).where(sql`case_id is not null`),
    index("royalty_entries_user_month_idx").on(t.userId, t.month),
    // Partial: most entries are an owner's earnings, with no collaborator and no payout, and an index
    // of their nulls only cost each import's writes (decision 044).
    index("royalty_entries_collaborator_idx").on(t.collaboratorId).where(sql`collaborator_id is not null`),
    // With the month: a posting reads a report's tracks in its months only (decision 044).
    index("royalty_entries_release_idx").on(t.releaseId, t.isrc, t.month),
    index("royalty_entries_payout_idx").on(t.payoutId).where(sql`payout_id is not null`),
  ],
);

/** A release's tracks; track 1's audio is the release's audio_file_url. */
export const tracks = pgTable(
  "tracks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    /** The title in Latin letters when it is written in an Indian script (issue 39). */
    titleLatin: text("title_latin"),
    /** What makes this recording a version of the song ("Remix", "Live", "Acoustic"); null: the original. */
    version: text("version"),
    /** The version in Latin letters when it is written in an Indian script (issue 39). */
    versionLatin: text("version_latin"),
    audioFileUrl: text("audio_file_url"),
    audioUploadId: text("audio_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    isrc: text("isrc"),
    isExplicit: boolean("is_explicit").notNull().default(false),
    /** Heard during the pre-order, from the release's instant-grat date. */
    instantGrat: boolean("instant_grat").notNull().default(false),
    /** The artist's AI declaration by area (vocals, instruments, composition, lyrics, mix); null: not declared. */
    ai: jsonb("ai").$type<TrackAi>(),
    /** The track's own main artist (a compilation's); null: the release's artist. */
    artistName: text("artist_name"),
    featuredArtists: jsonb("featured_artists").$type<string[]>().notNull().default([]),
    /** Who remixed this recording (DDEX display artist role Remixer). */
    remixers: jsonb("remixers").$type<string[]>().notNull().default([]),
    /** Composers, lyricists and producers (DDEX Contributors). */
    contributors: jsonb("contributors").$type<Contributor[]>().notNull().default([]),
    /** The words as sung, in their own script (issue 39); null: none given. */
    lyrics: text("lyrics"),
    /** Their Latin transliteration, for words in an Indian script. */
    lyricsLatin: text("lyrics_latin"),
    /** The same words time-synced, as LRC. */
    lyricsSynced: text("lyrics_synced"),
    /** The language sung on this track when not the release's (IETF); "zxx": instrumental; null: the release's. */
    language: text("language"),
    /** Read from the file by the quality check. */
    durationSeconds: integer("duration_seconds"),
    audioSha256: text("audio_sha256"),
    audioMd5: text("audio_md5"),
    audioFacts: jsonb("audio_facts").$type<AudioFacts>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tracks_release_position_key").on(t.releaseId, t.position),
    index("tracks_isrc_idx").on(t.isrc),
    check("tracks_position_check", sql`position >= 1`),
  ],
);

/**
 * Every UPC and ISRC claimed by a release or track: an artist's own code when it is first given, ours
 * when we assign it. A code belongs to one release (and, for an ISRC, one track) at a time, so store
 * report rows can only ever be credited to the release that holds the code. Claims of a release that
 * went to stores are never released; a deleted release only loses its link.
 */
export const issuedIdentifiers = pgTable(
  "issued_identifiers",
  {
    code: text("code").primaryKey(),
    kind: text("kind").notNull(),
    releaseId: uuid("release_id").references(() => releases.id, { onDelete: "set null" }),
    trackId: uuid("track_id").references(() => tracks.id, { onDelete: "set null" }),
    /** Who claimed it (null for an admin's manual release): only they may claim it again once orphaned. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** True when we generated it from our own range, false when the artist brought it. */
    assigned: boolean("assigned").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("issued_identifiers_kind_check", sql`kind in ('upc', 'isrc')`),
    index("issued_identifiers_release_idx").on(t.releaseId),
  ],
);

/**
 * What the royalty audit found in data written before codes were claimed (migration 0013): store
 * earnings posted to a release that did not hold the code, or was never delivered. Shown to admins
 * with the reconciliation check; nothing is changed automatically.
 */
export const royaltyAuditFindings = pgTable("royalty_audit_findings", {
  id: uuid("id").primaryKey().defaultRandom(),
  kind: text("kind").notNull(),
  releaseId: uuid("release_id"),
  userId: text("user_id"),
  code: text("code"),
  revenuePaise: bigint("revenue_paise", { mode: "number" }).notNull().default(0),
  detail: text("detail").notNull(),
  createdAt: createdAt(),
});

/** Files the media store holds (by content) and who first brought them, for quotas and the sweeper. */
export const mediaFiles = pgTable(
  "media_files",
  {
    sha256: text("sha256").primaryKey(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("media_files_owner_idx").on(t.ownerId)],
);

/**
 * Resumable uploads (tus): who started each one, what it is for and its declared size. The bytes live
 * in the upload store under the same id; only the owner may read, resume, use or cancel an upload.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", tz),
    /** Set when the upload finishes: the bytes' hashes (MD5 is what a DDEX HashSum usually carries). */
    sha256: text("sha256"),
    md5: text("md5"),
    /** What the quality check read from the file when it finished (null: not readable as its kind). */
    facts: jsonb("facts").$type<AudioFacts | ArtworkFacts>(),
  },
  (t) => [
    check("uploads_kind_check", oneOf("kind", UPLOAD_KINDS)),
    index("uploads_owner_idx").on(t.ownerId, t.finishedAt),
  ],
);

/**
 * Every file a release has had, per subject ("artwork", "track:1"…): a new version whenever the checked
 * bytes change. A submitted release's files are never changed in place; replacing one adds a version.
 */
export const releaseFileVersions = pgTable(
  "release_file_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    version: integer("version").notNull(),
    sha256: text("sha256").notNull(),
    md5: text("md5").notNull(),
    /** "upload" or "link", and the name the artist knows the file by. */
    source: text("source").notNull(),
    fileName: text("file_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("release_file_versions_key").on(t.releaseId, t.subject, t.version)],
);

/**
 * A plan's subscription at the payment gateway (issue 18): its id there, and the state its webhooks
 * have moved it to. The plan in force (subscriptions) follows it only when a payment is confirmed.
 */
export const gatewaySubscriptions = pgTable(
  "gateway_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    /** "razorpay", or "test" for the built-in test gateway. */
    gateway: text("gateway").notNull(),
    gatewaySubscriptionId: text("gateway_subscription_id").notNull().unique(),
    status: text("status").notNull().default("created"),
    /** The gateway's time of the last event applied (seconds precision): older events are stale. */
    lastEventAt: timestamp("last_event_at", tz),
    /** A downgrade waiting for the renewal. */
    scheduledPlanId: text("scheduled_plan_id"),
    /** How the mandate pays ("upi", "card"), from the last charge. */
    paymentMethod: text("payment_method"),
    /** Cancelled by the artist: ends with the period instead of renewing. */
    cancelAtCycleEnd: boolean("cancel_at_cycle_end").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("gateway_subscriptions_plan_check", oneOf("plan_id", PLAN_IDS)),
    check("gateway_subscriptions_status_check", oneOf("status", GATEWAY_SUBSCRIPTION_STATUSES)),
    index("gateway_subscriptions_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Every webhook event received, once (its id is the gateway's): a replay finds it here and does nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  gateway: text("gateway").notNull(),
  type: text("type").notNull(),
  /** What it did: "applied", "stale", "not_allowed", "terminal", "unknown_subscription", "ignored". */
  outcome: text("outcome").notNull(),
  payload: jsonb("payload").notNull(),
  receivedAt: timestamp("received_at", tz).notNull().defaultNow(),
});

/** A payment the gateway reported as captured, in paise (amounts from the gateway's own record). */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull(),
    gatewayPaymentId: text("gateway_payment_id").notNull().unique(),
    gatewaySubscriptionId: text("gateway_subscription_id"),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    method: text("method"),
    status: text("status").notNull().default("captured"),
    /** The checkout this payment closed (the first charge); renewals have none. */
    checkoutId: uuid("checkout_id"),
    /** What the payment bought: a plan, or the Introductory Offer for one release. */
    planId: text("plan_id").notNull(),
    releaseId: uuid("release_id"),
    refundedPaise: integer("refunded_paise").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("payments_amount_check", sql`amount_paise > 0`),
    check("payments_refund_check", sql`refunded_paise >= 0 and refunded_paise <= amount_paise`),
    check("payments_currency_check", sql`currency = 'INR'`),
    index("payments_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * A checkout the artist opened: what it charges now (always from the catalogue, less any upgrade
 * credit), for which plan or release, and how it ended. The browser waits on its status.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    planId: text("plan_id").notNull(),
    releaseId: uuid("release_id").references(() => releases.id, { onDelete: "set null" }),
    amountPaise: integer("amount_paise").notNull(),
    creditPaise: integer("credit_paise").notNull().default(0),
    gateway: text("gateway").notNull(),
    /** The gateway's subscription id (plans) or order id (the Introductory Offer). */
    gatewayRef: text("gateway_ref").notNull().unique(),
    status: text("status").notNull().default("open"),
    failureReason: text("failure_reason"),
    billingName: text("billing_name").notNull(),
    billingState: text("billing_state").notNull(),
    gstin: text("gstin"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("checkouts_purpose_check", oneOf("purpose", CHECKOUT_PURPOSES)),
    check("checkouts_status_check", oneOf("status", CHECKOUT_STATUSES)),
    check("checkouts_plan_check", oneOf("plan_id", PLAN_IDS)),
    check("checkouts_amount_check", sql`amount_paise > 0 and credit_paise >= 0`),
    index("checkouts_user_idx").on(t.userId, t.createdAt),
  ],
);

/** A GST tax invoice for one payment, numbered without gaps per financial year; the PDF is drawn from it. */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull().unique(),
    paymentId: uuid("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuedAt: timestamp("issued_at", tz).notNull().defaultNow(),
    description: text("description").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerGstin: text("customer_gstin"),
    placeOfSupply: text("place_of_supply").notNull(),
    sellerName: text("seller_name").notNull(),
    sellerGstin: text("seller_gstin").notNull(),
    sellerState: text("seller_state").notNull(),
    sellerAddress: text("seller_address").notNull(),
    sac: text("sac").notNull(),
    ratePercent: integer("rate_percent").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull(),
    sgstPaise: integer("sgst_paise").notNull(),
    igstPaise: integer("igst_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
  },
  (t) => [
    check("invoices_sum_check", sql`taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise`),
    index("invoices_user_idx").on(t.userId, t.issuedAt),
  ],
);

/** A refund an admin made through the gateway, with the reason. */
export const refunds = pgTable("refunds", {
  id: uuid("id").primaryKey().defaultRandom(),
  paymentId: uuid("payment_id")
    .notNull()
    .references(() => payments.id, { onDelete: "cascade" }),
  amountPaise: integer("amount_paise").notNull(),
  reason: text("reason").notNull(),
  gatewayRefundId: text("gateway_refund_id").notNull().unique(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** What happened to a release and when (submitted, rejected with the reviewer's note, resubmitted...): its history. */
export const releaseEvents = pgTable(
  "release_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The reviewer's note on a rejection (what the artist read then). */
    note: text("note"),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("release_events_kind_check", oneOf("kind", RELEASE_EVENT_KINDS)),
    index("release_events_release_idx").on(t.releaseId, t.createdAt),
  ],
);

/** The gateway's own plan id for each of our plans at its price (Razorpay subscriptions need one). */
export const gatewayPlans = pgTable(
  "gateway_plans",
  {
    gateway: text("gateway").notNull(),
    planId: text("plan_id").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    gatewayPlanId: text("gateway_plan_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.planId, t.amountPaise] })],
);

/** Next number per identifier range: 'upc' for the GS1 prefix, 'isrc:2026' per year. */
export const identifierCounters = pgTable("identifier_counters", {
  scope: text("scope").primaryKey(),
  last: bigint("last", { mode: "number" }).notNull(),
});

/** One message to one store: a release (insert) or its takedown. */
export const deliveries = pgTable(
  "deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    store: text("store").notNull(),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("queued"),
    /**
     * The DDEX BatchId (YYYYMMDDhhmmssnnn, the batch's creation time), set when the batch is first
     * built and then fixed, so a resumed upload rewrites the same files; unique per store.
     */
    batchId: text("batch_id"),
    /** The message's and batch's creation time, strictly increasing per store (so per release and store too). */
    messageCreatedAt: timestamp("message_created_at", { withTimezone: true, precision: 3 }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", tz),
    /** When the store's acknowledgement was read, and what the store said (its ErrorText) if anything. */
    acknowledgedAt: timestamp("acknowledged_at", tz),
    storeMessage: text("store_message"),
    /** An update that carries the files again (an audio or artwork change), not metadata only. */
    withFiles: boolean("with_files").notNull().default(false),
    /** What the message showed the store (release-content.ts): an update is due when this differs. */
    viewHash: text("view_hash"),
    filesHash: text("files_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("deliveries_kind_check", oneOf("kind", DELIVERY_KINDS)),
    check("deliveries_status_check", oneOf("status", DELIVERY_STATUSES)),
    index("deliveries_release_idx").on(t.releaseId, t.createdAt),
    index("deliveries_status_idx").on(t.status),
    uniqueIndex("deliveries_store_batch_key").on(t.store, t.batchId),
    index("deliveries_store_message_idx").on(t.store, t.messageCreatedAt),
  ],
);

/**
 * The durable job queue: quality checks and deliveries. A worker claims a job with SKIP LOCKED and a
 * lease; a job whose worker died is claimed again when its lease runs out.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    /** What the job is about: a release id for a quality check, a delivery id for a delivery. */
    ref: text("ref").notNull(),
    /** Whose work it is (a release's owner), so one owner's jobs cannot take every worker slot. */
    ownerId: text("owner_id"),
    /** Set at each claim: only the worker holding the current lease may finish the job. */
    leaseToken: uuid("lease_token"),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    runAt: timestamp("run_at", tz).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", tz),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", tz),
  },
  (t) => [
    check("jobs_status_check", sql`status in ('queued', 'running', 'done', 'failed')`),
    index("jobs_runnable_idx").on(t.status, t.runAt),
    index("jobs_ref_idx").on(t.kind, t.ref),
    index("jobs_owner_running_idx").on(t.ownerId).where(sql`status = 'running'`),
    // A scheduled kind (issue 34) has one row, whichever process put it there first.
    uniqueIndex("jobs_schedule_idx").on(t.kind).where(sql`ref = 'schedule'`),
  ],
);

/**
 * Sign-in attempts per account (the e-mail as typed, lower-cased, whether or not it exists), so
 * guessing one account's password from many addresses is slowed down too. Reset by a success.
 */
export const signInAttempts = pgTable("sign_in_attempts", {
  email: text("email").primaryKey(),
  attempts: integer("attempts").notNull().default(0),
  lockedUntil: timestamp("locked_until", tz),
  lastAttemptAt: timestamp("last_attempt_at", tz).notNull().defaultNow(),
});

/** TOTP codes that completed a sign-in, kept for the code's validity window so none is used twice. */
export const usedTotpCodes = pgTable(
  "used_totp_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    usedAt: timestamp("used_at", tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/**
 * What a master's samples measured (issue 40), by the file's SHA-256: its levels and its acoustic
 * fingerprint, once per distinct file however many tracks use it. `failure` says why a file that
 * looked like audio did not decode.
 */
export const audioAnalyses = pgTable("audio_analyses", {
  sha256: text("sha256").primaryKey(),
  levels: jsonb("levels").$type<AudioLevels>(),
  failure: text("failure"),
  /** Chromaprint's raw fingerprint, items as signed 32-bit integers. */
  fingerprint: integer("fingerprint").array(),
  analysedAt: timestamp("analysed_at", tz).notNull().defaultNow(),
});

/** The fingerprint index: sampled keys of each analysed file, so a lookup reads a few rows per key. */
export const fingerprintKeys = pgTable(
  "fingerprint_keys",
  {
    key: integer("key").notNull(),
    sha256: text("sha256")
      .notNull()
      .references(() => audioAnalyses.sha256, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.key, t.sha256] })],
);

/**
 * Signed provenance records (issue 40): the canonical JSON that was signed, byte for byte, with its
 * Ed25519 signature. Append-only: a changed release gets a new record; old ones stay checkable.
 */
export const provenanceRecords = pgTable(
  "provenance_records",
  {
    id: text("id").primaryKey(),
    releaseId: uuid("release_id").references(() => releases.id, { onDelete: "set null" }),
    /** SHA-256 of what the record says (without its id and time): the same content reuses its record. */
    contentSha256: text("content_sha256").notNull(),
    document: text("document").notNull(),
    signature: text("signature").notNull(),
    keyId: text("key_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("provenance_records_release_idx").on(t.releaseId, t.createdAt)],
);

/**
 * Workspaces (issue 35) own everything an artist or a label has. A workspace is founded by an
 * account and carries that account's id, so every row that named its owning account before names
 * its workspace now, unchanged (decision 030); ownership can still move to another member.
 */
export const workspaces = pgTable("workspaces", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    /** The artist profiles this member is limited to; null: all of the workspace's. */
    artistScope: uuid("artist_scope").array(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("workspace_members_user_idx").on(t.userId),
    check("workspace_members_role_check", oneOf("role", WORKSPACE_ROLES)),
  ],
);

export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    /** SHA-256 of the link's token: the token itself is only in the e-mail. */
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: INVITATION_STATUSES }).notNull().default("pending"),
    expiresAt: timestamp("expires_at", tz).notNull(),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("workspace_invitations_open_idx")
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`status = 'pending'`),
    check("workspace_invitations_status_check", oneOf("status", INVITATION_STATUSES)),
  ],
);

/**
 * Who changed what, when (issue 35). Append-only: a trigger refuses UPDATE and DELETE, and nothing
 * references another table, so deleting an account or a workspace cannot remove or rewrite an entry.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id"),
    actorId: text("actor_id"),
    /** The actor's name and e-mail as they were: the entry outlives the account. */
    actorName: text("actor_name").notNull(),
    kind: text("kind", { enum: AUDIT_KINDS }).notNull(),
    action: text("action").notNull(),
    subjectId: text("subject_id"),
    summary: text("summary").notNull(),
    /** The same by catalogue key and values (issue 39); null on entries written before. */
    summarySaid: jsonb("summary_said").$type<KeptSaid>(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_workspace_idx").on(t.workspaceId, t.createdAt),
    index("audit_log_created_idx").on(t.createdAt),
    check("audit_log_kind_check", oneOf("kind", AUDIT_KINDS)),
  ],
);

/**
 * Artist profiles (issue 35): an artist of a workspace with its identities at the stores. The
 * Artist Profile Protection key is a secret: kept encrypted, never answered, sent only to Spotify.
 */
export const artistProfiles = pgTable(
  "artist_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The name in Latin letters when it is written in an Indian script (issue 39); stores show and search by it. */
    nameLatin: text("name_latin"),
    imageUrl: text("image_url"),
    bio: text("bio"),
    links: jsonb("links").$type<string[]>().notNull().default([]),
    newToStores: boolean("new_to_stores").notNull().default(false),
    spotifyArtistUri: text("spotify_artist_uri"),
    appleMusicArtistId: text("apple_music_artist_id"),
    appKeyEncrypted: text("app_key_encrypted"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("artist_profiles_workspace_name_idx").on(t.workspaceId, sql`lower(${t.name})`)],
);

/** Which profiles a release credits, in which role and order (its main artist first). */
export const releaseArtists = pgTable(
  "release_artists",
  {
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    artistId: uuid("artist_id")
      .notNull()
      // The product never deletes a credited profile (artists.service); deleting an account takes its
      // profiles, and the releases kept for accounting keep the typed name only.
      .references(() => artistProfiles.id, { onDelete: "cascade" }),
    role: text("role", { enum: ARTIST_CREDIT_ROLES }).notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.artistId, t.role] }),
    index("release_artists_artist_idx").on(t.artistId),
    check("release_artists_role_check", oneOf("role", ARTIST_CREDIT_ROLES)),
  ],
);

/**
 * Which of the workspace's profiles a track credits (a compilation track's own main artist, its
 * featured artists and remixers), matched by name when the release is saved. A guest named on a
 * track without a profile here stays a credit by name (decision 031).
 */
export const trackArtists = pgTable(
  "track_artists",
  {
    trackId: uuid("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    artistId: uuid("artist_id")
      .notNull()
      .references(() => artistProfiles.id, { onDelete: "cascade" }),
    role: text("role", { enum: ARTIST_CREDIT_ROLES }).notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.trackId, t.artistId, t.role] }),
    index("track_artists_artist_idx").on(t.artistId),
    check("track_artists_role_check", oneOf("role", ARTIST_CREDIT_ROLES)),
  ],
);

/** Bytes kept in the database: a case's evidence files are small and must be on every process. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * A store's notice of artificial streams, as a case for the workspace (issue 41): the store, the
 * months, what it said, any fee it charges, and the deadline by which we decide.
 */
export const fraudCases = pgTable(
  "fraud_cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    store: text("store").notNull(),
    /** The first and last months the notice covers (first days). */
    periodFrom: date("period_from").notNull(),
    periodTo: date("period_to").notNull(),
    reason: text("reason").notNull(),
    reference: text("reference").notNull().default(""),
    feePaise: bigint("fee_paise", { mode: "number" }).notNull().default(0),
    feeReversedAt: timestamp("fee_reversed_at", tz),
    status: text("status").notNull().default("open"),
    /** India's calendar date by which the decision is due. */
    deadline: date("deadline").notNull(),
    openedBy: text("opened_by"),
    openedAt: timestamp("opened_at", tz).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", tz),
    decisionReason: text("decision_reason"),
    takedown: text("takedown"),
    takedownReason: text("takedown_reason"),
  },
  (t) => [
    check("fraud_cases_status_check", oneOf("status", CASE_STATUSES)),
    check("fraud_cases_takedown_check", sql`takedown is null or ${oneOf("takedown", CASE_TAKEDOWNS)}`),
    check("fraud_cases_fee_check", sql`fee_paise >= 0`),
    check("fraud_cases_period_check", sql`period_from <= period_to`),
    index("fraud_cases_workspace_idx").on(t.workspaceId, t.openedAt),
    index("fraud_cases_status_idx").on(t.status, t.deadline),
  ],
);

/** The tracks a case names, and each one's outcome once decided (upheld or dismissed). */
export const fraudCaseTracks = pgTable(
  "fraud_case_tracks",
  {
    caseId: uuid("case_id")
      .notNull()
      .references(() => fraudCases.id, { onDelete: "cascade" }),
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "restrict" }),
    isrc: text("isrc").notNull(),
    outcome: text("outcome"),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.releaseId, t.isrc] }),
    check("fraud_case_tracks_outcome_check", sql`outcome is null or outcome in ('upheld', 'dismissed')`),
    index("fraud_case_tracks_track_idx").on(t.releaseId, t.isrc),
  ],
);

/** A case's thread: the notice, the artist's answers with their evidence, support's replies, the decision. */
export const fraudCaseMessages = pgTable(
  "fraud_case_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => fraudCases.id, { onDelete: "cascade" }),
    authorId: text("author_id"),
    /** As it was when written; support's messages are signed by the team. */
    authorName: text("author_name").notNull(),
    fromSupport: boolean("from_support").notNull().default(false),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("fraud_case_messages_case_idx").on(t.caseId, t.createdAt)],
);

export const fraudCaseFiles = pgTable(
  "fraud_case_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => fraudCaseMessages.id, { onDelete: "cascade" }),
    caseId: uuid("case_id")
      .notNull()
      .references(() => fraudCases.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("fraud_case_files_message_idx").on(t.messageId)],
);

/** The tracks and days a report brought, kept until the early-warning job has read them (issue 41). */
export const reportTracks = pgTable(
  "report_tracks",
  {
    reportId: uuid("report_id").notNull(),
    releaseId: uuid("release_id").notNull(),
    isrc: text("isrc").notNull(),
    firstDay: date("first_day").notNull(),
    lastDay: date("last_day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.releaseId, t.isrc] })],
);

/** An early warning from our own data: a pattern a store would flag. It holds nothing. */
export const streamWarnings = pgTable(
  "stream_warnings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    reportId: uuid("report_id"),
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    isrc: text("isrc").notNull(),
    kind: text("kind").notNull(),
    day: date("day").notNull(),
    store: text("store").notNull().default(""),
    country: text("country").notNull().default(""),
    figures: jsonb("figures").$type<Record<string, number>>().notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    reviewedAt: timestamp("reviewed_at", tz),
    reviewedBy: text("reviewed_by"),
  },
  (t) => [
    check("stream_warnings_kind_check", oneOf("kind", ANOMALY_KINDS)),
    // A report imported again (or restating the same days) says the same thing once.
    uniqueIndex("stream_warnings_key").on(t.releaseId, t.isrc, t.kind, t.day, t.store, t.country),
    index("stream_warnings_workspace_idx").on(t.workspaceId, t.createdAt),
    index("stream_warnings_open_idx").on(t.createdAt).where(sql`reviewed_at is null`),
  ],
);

/**
 * A workspace's API keys (issue 38): only the SHA-256 of the secret is kept, with its first characters
 * to name it; scopes from the domain's list; revoked keys stay, refused, so their use can be traced.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters, e.g. "kal_live_AbCd": shown in lists. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", tz),
    /** Null: it never expires (the creator chose so). */
    expiresAt: timestamp("expires_at", tz),
    revokedAt: timestamp("revoked_at", tz),
    revokedBy: text("revoked_by"),
  },
  (t) => [
    uniqueIndex("api_keys_hash_key").on(t.keyHash),
    index("api_keys_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

/**
 * The first answer to each `Idempotency-Key` a workspace sent with a POST to the versioned API (issue
 * 38): a retry with the same key and body gets it again and creates nothing twice; the same key with
 * another body is refused. A row without a status is a request still running.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    body: jsonb("body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] }), index("api_idempotency_created_idx").on(t.createdAt)],
);

/**
 * Where a workspace wants its events sent (issue 38): the address, the events it chose, and the secret
 * that signs them (encrypted: we need it back to sign). After a rotation the previous secret signs
 * beside the new one until `previousSecretUntil`, so the receiver can switch without missing a message.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: jsonb("events").$type<string[]>().notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretUntil: timestamp("previous_secret_until", tz),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/**
 * One message to one endpoint and what became of it: the body as sent (its id stays the same on every
 * attempt, so the receiver can drop repeats), the attempts, and the endpoint's last answer.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    lastAttemptAt: timestamp("last_attempt_at", tz),
    deliveredAt: timestamp("delivered_at", tz),
  },
  (t) => [
    check("webhook_deliveries_status_check", oneOf("status", WEBHOOK_DELIVERY_STATUSES)),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);

/**
 * A catalogue file a workspace brought in (issue 38): the file itself until its import has run, what
 * its dry run found, and how far the import has got. Counts are kept on the row for the progress bar.
 */
export const catalogueImports = pgTable(
  "catalogue_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    fileName: text("file_name").notNull(),
    /** The file as sent; dropped once the import has run. */
    file: bytea("file"),
    fileBytes: integer("file_bytes").notNull(),
    status: text("status").notNull().default("checking"),
    /** Why the file could not be read, when it could not. */
    error: text("error"),
    /** The answer given for every release the file does not answer for: "no" (made without AI). */
    aiAnswer: text("ai_answer").notNull(),
    releases: integer("releases").notNull().default(0),
    tracks: integer("tracks").notNull().default(0),
    ok: integer("ok").notNull().default(0),
    warnings: integer("warnings").notNull().default(0),
    blocking: integer("blocking").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    /** Releases the dry run passed that the import refused (a code taken since): counted with their line. */
    refused: integer("refused").notNull().default(0),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    checkedAt: timestamp("checked_at", tz),
    startedAt: timestamp("started_at", tz),
    finishedAt: timestamp("finished_at", tz),
  },
  (t) => [
    check("catalogue_imports_format_check", oneOf("format", IMPORT_FORMATS)),
    check("catalogue_imports_status_check", oneOf("status", IMPORT_STATUSES)),
    index("catalogue_imports_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

/**
 * One release of an imported file: what the dry run said of it (its findings), the release input it
 * was read as, and the release it became. `release_id` is set in the transaction that creates the
 * release, so an import stopped midway resumes without creating anything twice.
 */
export const catalogueImportLines = pgTable(
  "catalogue_import_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    importId: uuid("import_id")
      .notNull()
      .references(() => catalogueImports.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    position: integer("position").notNull(),
    releaseKey: text("release_key").notNull(),
    firstLine: integer("first_line").notNull(),
    title: text("title").notNull(),
    artistName: text("artist_name").notNull(),
    upc: text("upc"),
    trackCount: integer("track_count").notNull(),
    status: text("status").notNull(),
    findings: jsonb("findings").$type<Finding[]>().notNull(),
    input: jsonb("input").notNull(),
    releaseId: uuid("release_id").references(() => releases.id, { onDelete: "set null" }),
  },
  (t) => [
    check("catalogue_import_lines_status_check", oneOf("status", IMPORT_LINE_STATUSES)),
    uniqueIndex("catalogue_import_lines_position_key").on(t.importId, t.position),
    index("catalogue_import_lines_key_idx").on(t.workspaceId, t.releaseKey),
  ],
);

/**
 * A release being put together through the API (issue 38): whatever the label's software has sent so
 * far (the release form's fields, uploads attached as they finish), checked on request and submitted
 * when complete. It becomes a release only at submission, so nothing half-made reaches review.
 */
export const releaseDrafts = pgTable(
  "release_drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
    /** The release it became; null while it is a draft. */
    releaseId: uuid("release_id").references(() => releases.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", tz),
  },
  (t) => [index("release_drafts_workspace_idx").on(t.workspaceId, t.createdAt)],
);
