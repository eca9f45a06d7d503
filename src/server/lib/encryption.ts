import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

export interface Encryptor {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** A keyed digest (HMAC-SHA256, hex) for finding equal values without storing them in the clear. */
  digest(plain: string): string;
}

/** AES-256-GCM with a key derived from the server secret; output is "v1.<iv>.<tag>.<ciphertext>" in base64url. */
export function createEncryptor(secret: string, purpose: string): Encryptor {
  const key = Buffer.from(hkdfSync("sha256", secret, "kalrav", purpose, 32));
  const digestKey = Buffer.from(hkdfSync("sha256", secret, "kalrav", `${purpose}:digest`, 32));
  return {
    digest(plain) {
      return createHmac("sha256", digestKey).update(plain).digest("hex");
    },
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("Unknown ciphertext format");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
