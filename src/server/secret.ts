import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The auth signing secret: from the environment, else generated once and kept in DATA_DIR. */
export function loadOrCreateSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
