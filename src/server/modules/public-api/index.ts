// The versioned public API's entry point (issue 38).
export { v1Router } from "./v1.routes";
