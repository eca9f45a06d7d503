import fs from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appleResolver, resolversFromEnv, spotifyResolver } from "./resolvers";

/** Recorded answers of Spotify's and Apple's APIs, served from loopback: the tests never reach the internet. */
const recorded = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "recorded", name), "utf8");

let server: Server;
let base: string;
const seen: { method: string; url: string; authorization?: string; body: string }[] = [];
let failNext = false;

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    seen.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body });
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status: number, text: string) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(text);
    };
    if (failNext) {
      failNext = false;
      return send(503, '{"error":{"status":503,"message":"Service unavailable"}}');
    }
    if (url.pathname === "/api/token") return send(200, recorded("spotify-token.json"));
    if (url.pathname === "/v1/search") {
      if (req.headers.authorization !== "Bearer BQDkalravTestToken0123456789")
        return send(401, '{"error":{"status":401,"message":"No token provided"}}');
      return send(
        200,
        recorded(
          url.searchParams.get("q") === "upc:8901234000007" ? "spotify-search-upc.json" : "spotify-search-none.json",
        ),
      );
    }
    if (url.pathname === "/lookup")
      return send(
        200,
        recorded(url.searchParams.get("upc") === "8901234000007" ? "apple-lookup-upc.json" : "apple-lookup-none.json"),
      );
    send(404, "{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("store link resolvers", () => {
  it("Spotify: a client-credentials token, kept, then a search by UPC", async () => {
    const spotify = spotifyResolver({
      store: "spotify",
      clientId: "id",
      clientSecret: "secret",
      apiUrl: base,
      accountsUrl: base,
    });
    seen.length = 0;
    expect(await spotify.resolve("8901234000007")).toBe("https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy");
    expect(await spotify.resolve("0000000000000")).toBeNull();
    // One token for both searches, asked for with the app's credentials.
    expect(seen.filter((r) => r.url === "/api/token")).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: "POST",
      authorization: `Basic ${Buffer.from("id:secret").toString("base64")}`,
      body: "grant_type=client_credentials",
    });
    expect(seen[1]?.url).toBe("/v1/search?q=upc%3A8901234000007&type=album&limit=1");
  });

  it("Apple: the public lookup by UPC gives the album's Apple Music address", async () => {
    const apple = appleResolver({ store: "apple-music", lookupUrl: base });
    expect(await apple.resolve("8901234000007")).toBe(
      "https://music.apple.com/in/album/monsoon-nights-single/1780011223?uo=4",
    );
    expect(await apple.resolve("0000000000000")).toBeNull();
  });

  it("a store's API failing is an error (asked again later), never a link", async () => {
    const apple = appleResolver({ store: "apple-music", lookupUrl: base });
    failNext = true;
    await expect(apple.resolve("8901234000007")).rejects.toThrow("answered 503");
  });

  it("built-in default: no resolvers without keys (admins enter links); each turned on by its setting", () => {
    const env = { SPOTIFY_STORE_ID: "spotify", APPLE_LOOKUP: false, APPLE_STORE_ID: "apple-music" };
    expect(resolversFromEnv(env)).toEqual([]);
    const on = resolversFromEnv({ ...env, SPOTIFY_CLIENT_ID: "a", SPOTIFY_CLIENT_SECRET: "b", APPLE_LOOKUP: true });
    expect(on.map((r) => [r.source, r.store])).toEqual([
      ["spotify", "spotify"],
      ["apple", "apple-music"],
    ]);
  });
});
