// Brotli and gzip copies of the built web files, made once at build time so the server sends
// compressed bytes without compressing on every request (serveStatic's `precompressed`).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const web = path.resolve("dist/web");
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
let files = 0;
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // pages/ holds the prerendered pages; the server fills in the public address and compresses them.
    if (entry.isDirectory()) {
      if (full !== path.join(web, "pages")) walk(full);
    } else if (COMPRESSIBLE.test(entry.name)) {
      const body = fs.readFileSync(full);
      fs.writeFileSync(
        `${full}.br`,
        zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(body, { level: 9 }));
      files += 1;
    }
  }
};
walk(web);
console.log(`Compressed ${files} files in dist/web (.br and .gz)`);
