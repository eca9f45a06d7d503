import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Signs provenance records with Kalrav's Ed25519 key and checks them with its public half. */
export interface ProvenanceSigner {
  /** The first 16 hex digits of the SHA-256 of the public key (DER): which key signed. */
  keyId: string;
  /** The public key as PEM, published on every record's page for checking offline. */
  publicKeyPem: string;
  sign(bytes: Buffer): string;
  verify(bytes: Buffer, signature: string): boolean;
}

function signerOf(privateKey: KeyObject): ProvenanceSigner {
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: "spki", format: "der" });
  return {
    keyId: createHash("sha256").update(der).digest("hex").slice(0, 16),
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    sign: (bytes) => sign(null, bytes, privateKey).toString("base64"),
    verify: (bytes, signature) => {
      try {
        return verify(null, bytes, publicKey, Buffer.from(signature, "base64"));
      } catch {
        return false;
      }
    },
  };
}

/**
 * The signing key: PROVENANCE_KEY (a PKCS#8 PEM) when set, else one generated once and kept in
 * DATA_DIR (readable by the server only), like the auth secret. Refuses a key that is not Ed25519.
 */
export function loadOrCreateSigner(dataDir: string, pemFromEnv?: string): ProvenanceSigner {
  let pem = pemFromEnv;
  if (!pem) {
    const file = path.join(dataDir, "provenance-key.pem");
    if (fs.existsSync(file)) pem = fs.readFileSync(file, "utf8");
    else {
      fs.mkdirSync(dataDir, { recursive: true });
      const { privateKey } = generateKeyPairSync("ed25519");
      pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
      fs.writeFileSync(file, pem, { mode: 0o600 });
    }
  }
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== "ed25519")
    throw new Error("PROVENANCE_KEY must be an Ed25519 private key (PKCS#8 PEM)");
  return signerOf(key);
}
