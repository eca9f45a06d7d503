// The artists module's entry point (issue 35): artist profiles and their store identities.
export { artistSchema, artistsRouter } from "./artists.routes";
export {
  type ArtistIdentity,
  artistProfileCount,
  creditReleaseArtists,
  listArtists,
  releaseArtistIdentities,
  releaseMainArtists,
  releasesInScope,
  requireArtistNameInScope,
  requireReleaseInScope,
} from "./artists.service";
