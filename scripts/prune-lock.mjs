// The registry mirror this project is built with lacks some platform builds of optional native
// packages (e.g. Biome for macOS, Tailwind's oxide for Windows). `npm install` skips them, but then
// `npm ci` refuses the lock file because the optional edges point at nothing. This drops those
// dangling optional edges so `npm ci` installs exactly what the lock holds. Run after `npm install`.
import fs from "node:fs";

const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
let pruned = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    const nested = `${location ? `${location}/` : ""}node_modules/${name}`;
    if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`]) {
      delete entry.optionalDependencies[name];
      pruned += 1;
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}
fs.writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Pruned ${pruned} optional dependencies missing from the lock file.`);
