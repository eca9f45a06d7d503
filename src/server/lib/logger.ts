import pino, { type DestinationStream } from "pino";

/**
 * Fields never written to the log, wherever they sit: passwords, cookies, and secrets people give us
 * (an artist's Spotify Artist Profile Protection key, issue 35).
 */
export const REDACTED_PATHS = [
  "req.headers.cookie",
  "password",
  "*.password",
  "newPassword",
  "appKey",
  "*.appKey",
  "*.*.appKey",
];

export function createLogger(level: string, destination?: DestinationStream) {
  return pino({ level, redact: { paths: REDACTED_PATHS, remove: true } }, destination);
}
export type { Logger } from "pino";
