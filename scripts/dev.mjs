// Development: the API from source with reload on :3000, and Vite with hot reload on :5173 proxying /api.
import { spawn } from "node:child_process";

const children = [
  spawn("node", ["--watch", "--import", "tsx", "src/server/main.ts"], {
    stdio: "inherit",
    env: { PUBLIC_URL: "http://localhost:5173", ...process.env },
  }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
