import { z } from "zod";

/**
 * Finds where a release is on a store from its UPC, once the store has it live. Each adapter calls
 * the store's public API; with none configured, links are entered by an admin (the built-in
 * default, which works offline).
 */
export interface StoreLinkResolver {
  /** Which of our stores (STORES_FILE ids) it finds links for. */
  store: string;
  source: "spotify" | "apple";
  /** The release's address on the store, or null when the store does not list it (yet). */
  resolve(upc: string): Promise<string | null>;
}

const TIMEOUT_MS = 10_000;

async function getJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${new URL(url).host} answered ${response.status}`);
  return response.json();
}

/** Only links on the store's own site are kept: a resolver never sends fans anywhere else. */
function onHost(url: unknown, hosts: readonly string[]): string | null {
  if (typeof url !== "string") return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && hosts.includes(parsed.hostname) ? parsed.toString() : null;
  } catch {
    return null;
  }
}

const spotifyToken = z.object({ access_token: z.string(), expires_in: z.number() });
const spotifySearch = z.object({
  albums: z.object({ items: z.array(z.object({ external_urls: z.object({ spotify: z.string() }).partial() })) }),
});

/**
 * Spotify's Web API: a client-credentials token, then a search by UPC (`upc:<code>`, type album).
 * The token is kept until shortly before it expires.
 */
export function spotifyResolver(config: {
  store: string;
  clientId: string;
  clientSecret: string;
  apiUrl?: string;
  accountsUrl?: string;
}): StoreLinkResolver {
  const api = (config.apiUrl ?? "https://api.spotify.com").replace(/\/$/, "");
  const accounts = (config.accountsUrl ?? "https://accounts.spotify.com").replace(/\/$/, "");
  let token: { value: string; until: number } | null = null;
  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
    const body = spotifyToken.parse(
      await getJson(`${accounts}/api/token`, {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      }),
    );
    token = { value: body.access_token, until: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }
  return {
    store: config.store,
    source: "spotify",
    async resolve(upc) {
      const url = `${api}/v1/search?${new URLSearchParams({ q: `upc:${upc}`, type: "album", limit: "1" })}`;
      const found = spotifySearch.parse(
        await getJson(url, { headers: { authorization: `Bearer ${await accessToken()}` } }),
      );
      return onHost(found.albums.items[0]?.external_urls.spotify, ["open.spotify.com"]);
    },
  };
}

const appleLookup = z.object({
  resultCount: z.number(),
  results: z.array(z.object({ wrapperType: z.string().optional(), collectionViewUrl: z.string().optional() })),
});

/** Apple's public lookup by UPC (no key): the album's address on Apple Music. */
export function appleResolver(config: { store: string; lookupUrl?: string; country?: string }): StoreLinkResolver {
  const base = (config.lookupUrl ?? "https://itunes.apple.com").replace(/\/$/, "");
  return {
    store: config.store,
    source: "apple",
    async resolve(upc) {
      const params = new URLSearchParams({ upc, entity: "album", country: config.country ?? "in" });
      const found = appleLookup.parse(await getJson(`${base}/lookup?${params}`));
      const album = found.results.find((r) => r.wrapperType === "collection") ?? found.results[0];
      return onHost(album?.collectionViewUrl, ["music.apple.com", "itunes.apple.com"]);
    },
  };
}

export interface ResolverEnv {
  SPOTIFY_CLIENT_ID?: string;
  SPOTIFY_CLIENT_SECRET?: string;
  SPOTIFY_API_URL?: string;
  SPOTIFY_ACCOUNTS_URL?: string;
  SPOTIFY_STORE_ID: string;
  APPLE_LOOKUP: boolean;
  APPLE_LOOKUP_URL?: string;
  APPLE_STORE_ID: string;
}

/** The resolvers the environment turns on; none means links are entered by admins only. */
export function resolversFromEnv(env: ResolverEnv): StoreLinkResolver[] {
  const out: StoreLinkResolver[] = [];
  if (env.SPOTIFY_CLIENT_ID && env.SPOTIFY_CLIENT_SECRET)
    out.push(
      spotifyResolver({
        store: env.SPOTIFY_STORE_ID,
        clientId: env.SPOTIFY_CLIENT_ID,
        clientSecret: env.SPOTIFY_CLIENT_SECRET,
        apiUrl: env.SPOTIFY_API_URL,
        accountsUrl: env.SPOTIFY_ACCOUNTS_URL,
      }),
    );
  if (env.APPLE_LOOKUP) out.push(appleResolver({ store: env.APPLE_STORE_ID, lookupUrl: env.APPLE_LOOKUP_URL }));
  return out;
}
