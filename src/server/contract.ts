// The API's type, for the web's typed client: request and response shapes come from the routes'
// schemas, so the web never re-types them. A type only: nothing of the server reaches the browser.
import type { createApi } from "./app";

export type Api = ReturnType<typeof createApi>;
