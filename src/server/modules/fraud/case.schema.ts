import { z } from "@hono/zod-openapi";
import { ANOMALY_KINDS, CASE_STATUSES } from "#domain/fraud";

export const caseSchema = z
  .object({
    id: z.string(),
    reference: z.string().openapi({ example: "K-1A2B3C4D" }),
    store: z.string(),
    periodFrom: z.string().openapi({ description: "First month, YYYY-MM" }),
    periodTo: z.string().openapi({ description: "Last month, YYYY-MM" }),
    reason: z.string().openapi({ description: "The store's reason, as it wrote it" }),
    storeReference: z.string(),
    feePaise: z.number().int(),
    feeReversed: z.boolean(),
    status: z.enum(CASE_STATUSES),
    statusLabel: z.string(),
    deadline: z.string().openapi({ description: "India's calendar date by which we decide" }),
    daysLeft: z.number().int(),
    overdue: z.boolean(),
    openedAt: z.string(),
    decidedAt: z.string().nullable(),
    decisionReason: z.string().nullable(),
    takedown: z.string().nullable(),
    takedownReason: z.string().nullable(),
    tracks: z.number().int(),
    workspaceId: z.string(),
    workspaceName: z.string(),
  })
  .openapi("FraudCase");

export const caseDetailSchema = z
  .object({
    case: caseSchema,
    tracks: z.array(
      z.object({
        releaseId: z.string(),
        release: z.string(),
        isrc: z.string(),
        track: z.string(),
        outcome: z.enum(["upheld", "dismissed"]).nullable(),
      }),
    ),
    money: z.object({
      heldPaise: z.number().int().openapi({ description: "Held now, off the payable balance" }),
      releasedPaise: z.number().int(),
      reversedPaise: z.number().int(),
      feePaise: z.number().int().openapi({ description: "The store's fee charged, net of its reversal" }),
    }),
    evidence: z.object({
      historyFrom: z.string(),
      days: z.array(
        z.object({
          day: z.string(),
          streams: z.number().int(),
          listeners: z.number().int(),
          revenuePaise: z.number().int(),
          inPeriod: z.boolean(),
        }),
      ),
      summary: z.object({
        streams: z.number().int(),
        listeners: z.number().int(),
        revenuePaise: z.number().int(),
        streamsPerDay: z.number().int(),
        historyStreamsPerDay: z.number().int(),
      }),
      countries: z.array(
        z.object({
          country: z.string(),
          streams: z.number().int(),
          listeners: z.number().int(),
          revenuePaise: z.number().int(),
          historyStreams: z.number().int(),
        }),
      ),
      stores: z.array(
        z.object({
          store: z.string(),
          streams: z.number().int(),
          revenuePaise: z.number().int(),
          flagged: z.boolean(),
        }),
      ),
    }),
    messages: z.array(
      z.object({
        id: z.string(),
        authorName: z.string(),
        fromSupport: z.boolean(),
        body: z.string(),
        createdAt: z.string(),
        files: z.array(
          z.object({ id: z.string(), name: z.string(), contentType: z.string(), bytes: z.number().int() }),
        ),
      }),
    ),
  })
  .openapi("FraudCaseDetail");

export const warningSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    workspaceName: z.string(),
    releaseId: z.string(),
    release: z.string(),
    track: z.string(),
    isrc: z.string(),
    kind: z.enum(ANOMALY_KINDS),
    kindLabel: z.string(),
    day: z.string(),
    store: z.string(),
    country: z.string(),
    figures: z.record(z.string(), z.number()),
    message: z.string(),
    createdAt: z.string(),
    reviewed: z.boolean(),
  })
  .openapi("StreamWarning");

export const caseFileParams = z.object({
  id: z.uuid({ message: "Case not found." }),
  fileId: z.uuid({ message: "File not found." }),
});
export const caseIdParams = z.object({ id: z.uuid({ message: "Case not found." }) });
