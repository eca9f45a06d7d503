import { createRoute, z } from "@hono/zod-openapi";
import { ARTIST_MESSAGES, artistInputSchema } from "#domain/artists";
import { todayIst } from "#domain/clock";
import { requireMember } from "#server/auth/guards";
import type { AppDeps } from "#server/context";
import { createRouter } from "#server/lib/create-router";
import { DomainError } from "#server/lib/domain-error";
import { cachedJson, err, json } from "#server/lib/route-helpers";
import { createArtist, deleteArtist, getArtist, listArtists, updateArtist } from "./artists.service";

export const artistSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The name in Latin letters, for a name in an Indian script (issue 39). */
    nameLatin: z.string().nullable(),
    imageUrl: z.string().nullable(),
    bio: z.string().nullable(),
    links: z.array(z.string()),
    newToStores: z.boolean(),
    spotifyArtistUri: z.string().nullable(),
    appleMusicArtistId: z.string().nullable(),
    /** The Artist Profile Protection key is write-only: only whether one is kept. */
    hasAppKey: z.boolean(),
    releases: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .openapi("ArtistProfile");

const idParams = z.object({ id: z.uuid({ message: "Artist not found." }) });
const body = { content: { "application/json": { schema: artistInputSchema } }, required: true };

const routes = {
  list: createRoute({
    method: "get",
    path: "/artists",
    tags: ["Artists"],
    summary: "The active workspace's artist profiles, and how many its plan holds",
    responses: {
      200: json(
        z.object({ artists: z.array(artistSchema), limit: z.number().int(), planName: z.string() }),
        "Artist profiles",
      ),
      401: err("Signed out"),
    },
  }),
  create: createRoute({
    method: "post",
    path: "/artists",
    tags: ["Artists"],
    summary: "Create an artist profile with its store ids (within the plan's limit)",
    request: { body },
    responses: {
      201: json(z.object({ artist: artistSchema }), "Created"),
      400: err("Invalid input"),
      403: err("Not allowed for your role"),
      409: err("The plan's limit, or a name the workspace already has"),
    },
  }),
  get: createRoute({
    method: "get",
    path: "/artists/{id}",
    tags: ["Artists"],
    summary: "One artist profile",
    request: { params: idParams },
    responses: { 200: json(z.object({ artist: artistSchema }), "Artist"), 404: err("Not this workspace's") },
  }),
  update: createRoute({
    method: "put",
    path: "/artists/{id}",
    tags: ["Artists"],
    summary: "Change an artist profile; the protection key: absent keeps it, null removes it, a value replaces it",
    request: { params: idParams, body },
    responses: {
      200: json(z.object({ artist: artistSchema }), "Changed"),
      400: err("Invalid input"),
      403: err("Not allowed for your role"),
      404: err("Not this workspace's"),
      409: err("A name the workspace already has"),
    },
  }),
  remove: createRoute({
    method: "delete",
    path: "/artists/{id}",
    tags: ["Artists"],
    summary: "Delete an artist profile no release credits",
    request: { params: idParams },
    responses: {
      200: json(z.object({ id: z.string() }), "Deleted"),
      403: err("Not allowed for your role"),
      404: err("Not this workspace's"),
      409: err("Credited on releases"),
    },
  }),
};

const artistDeps = (deps: AppDeps) => ({
  db: deps.database.db,
  encryptor: deps.artistKeyEncryptor,
});

/** An artist outside a scoped member's artists is "not found". */
function inScope(scope: string[] | null, id: string) {
  if (scope && !scope.includes(id)) throw new DomainError("not_found", "NOT_FOUND", ARTIST_MESSAGES.notFound);
}

export const artistsRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { workspace } = await requireMember(c, "releases:read");
    // Kept while nothing it reads changes (decision 040); the plan in force depends on the day.
    const key = `artists ${workspace.id} ${workspace.artistScope?.join(",") ?? "*"} ${todayIst()}`;
    return cachedJson(c, key, ["artist_profiles", "release_artists", "subscriptions"], () =>
      listArtists(c.get("deps").database.db, workspace.id, workspace.artistScope),
    );
  })
  .openapi(routes.create, async (c) => {
    // A member limited to some artists does not add others.
    const { user, workspace } = await requireMember(c, "releases:write", { wholeWorkspace: true });
    const artist = await createArtist(artistDeps(c.get("deps")), user, workspace.id, c.req.valid("json"));
    return c.json({ artist }, 201);
  })
  .openapi(routes.get, async (c) => {
    const { workspace } = await requireMember(c, "releases:read");
    inScope(workspace.artistScope, c.req.valid("param").id);
    return c.json({ artist: await getArtist(c.get("deps").database.db, workspace.id, c.req.valid("param").id) }, 200);
  })
  .openapi(routes.update, async (c) => {
    const { user, workspace } = await requireMember(c, "releases:write");
    const { id } = c.req.valid("param");
    inScope(workspace.artistScope, id);
    const artist = await updateArtist(artistDeps(c.get("deps")), user, workspace.id, id, c.req.valid("json"));
    return c.json({ artist }, 200);
  })
  .openapi(routes.remove, async (c) => {
    const { user, workspace } = await requireMember(c, "releases:write", { wholeWorkspace: true });
    const { id } = c.req.valid("param");
    await deleteArtist(c.get("deps").database.db, user, workspace.id, id);
    return c.json({ id }, 200);
  });
