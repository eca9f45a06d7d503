import { createHash } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import net from "node:net";
import path from "node:path";
import ssh2 from "ssh2";

const { Server, utils } = ssh2;
const { OPEN_MODE, STATUS_CODE } = utils.sftp;

export interface SftpTestServer {
  port: number;
  username: string;
  password: string;
  /** Local folder the server's "/" maps to. */
  root: string;
  /** The host key's fingerprint, as a store's configuration names it. */
  hostKeySha256: string;
  /** SSH connections accepted so far. */
  connections(): number;
  /**
   * The store goes down: connections are dropped before the SSH handshake until `up()`. The port
   * stays this server's, so nothing else started meanwhile can take it (closing and restarting on the
   * same port let another test's server answer in between, once in CI).
   */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

/**
 * A fresh ed25519 host key (a server that "changed its key" is one started with another). ssh2 makes
 * about one key in 256 that its own parser refuses (it strips a public key's leading zero byte:
 * mscdex/ssh2#1513), which failed a CI run now and then: such a key is drawn again.
 */
export function generateHostKey(): string {
  for (;;) {
    const pair = utils.generateKeyPairSync("ed25519");
    if (!(utils.parseKey(pair.private) instanceof Error) && !(utils.parseKey(pair.public) instanceof Error))
      return pair.private;
  }
}
/** One key for every server a test run starts, so a server restarted on its port is the same server. */
const defaultHostKey = generateHostKey();

export function fingerprintOf(privateKey: string): string {
  const parsed = utils.parseKey(privateKey);
  if (parsed instanceof Error) throw parsed;
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  return `SHA256:${createHash("sha256").update(key.getPublicSSH()).digest("base64").replace(/=+$/, "")}`;
}

/**
 * A real SSH server speaking SFTP (the ssh2 package's server side) over a local folder: enough of
 * the protocol for uploads (open/write/close, stat, mkdir, rename, remove).
 */
/** `port` 0 picks a free port; a test that stops the server starts it again on the same one. */
export async function startSftpServer(root: string, port = 0, hostKey = defaultHostKey): Promise<SftpTestServer> {
  const username = "store";
  const password = "drop-box-password";
  const local = (p: string) => path.join(root, path.posix.normalize(`/${p}`));
  let connections = 0;
  let refusing = false;
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    connections++;
    client
      .on("authentication", (ctx) => {
        if (ctx.method === "password" && ctx.username === username && ctx.password === password) ctx.accept();
        else ctx.reject(["password"]);
      })
      .on("ready", () => {
        client.on("session", (acceptSession) => {
          const session = acceptSession();
          session.on("sftp", (acceptSftp) => {
            const sftp = acceptSftp();
            const handles = new Map<number, number>();
            const dirs = new Map<number, { dir: string; listed: boolean }>();
            let next = 0;
            const handleOf = (buf: Buffer) => handles.get(buf.readUInt32BE(0));
            const handleBuffer = (id: number) => {
              const buf = Buffer.alloc(4);
              buf.writeUInt32BE(id);
              return buf;
            };
            const attrsOf = (stat: fs.Stats) => ({
              mode: stat.mode,
              uid: 0,
              gid: 0,
              size: stat.size,
              atime: Math.floor(stat.atimeMs / 1000),
              mtime: Math.floor(stat.mtimeMs / 1000),
            });
            const fail = (reqid: number) => sftp.status(reqid, STATUS_CODE.FAILURE);
            sftp
              .on("OPEN", (reqid, filename, flags) => {
                try {
                  const mode = flags & OPEN_MODE.WRITE ? (flags & OPEN_MODE.TRUNC ? "w" : "r+") : "r";
                  const fd = fs.openSync(local(filename), mode);
                  const id = next++;
                  handles.set(id, fd);
                  const buf = Buffer.alloc(4);
                  buf.writeUInt32BE(id);
                  sftp.handle(reqid, buf);
                } catch {
                  fail(reqid);
                }
              })
              .on("WRITE", (reqid, handle, offset, data) => {
                const fd = handleOf(handle);
                if (fd === undefined) return fail(reqid);
                fs.writeSync(fd, data, 0, data.length, offset);
                sftp.status(reqid, STATUS_CODE.OK);
              })
              .on("READ", (reqid, handle, offset, length) => {
                const fd = handleOf(handle);
                if (fd === undefined) return fail(reqid);
                const buf = Buffer.alloc(length);
                const read = fs.readSync(fd, buf, 0, length, offset);
                if (read === 0) sftp.status(reqid, STATUS_CODE.EOF);
                else sftp.data(reqid, buf.subarray(0, read));
              })
              .on("OPENDIR", (reqid, p) => {
                if (!fs.existsSync(local(p)) || !fs.statSync(local(p)).isDirectory())
                  return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
                const id = next++;
                dirs.set(id, { dir: local(p), listed: false });
                sftp.handle(reqid, handleBuffer(id));
              })
              .on("READDIR", (reqid, handle) => {
                const entry = dirs.get(handle.readUInt32BE(0));
                if (!entry) return fail(reqid);
                if (entry.listed) return sftp.status(reqid, STATUS_CODE.EOF);
                entry.listed = true;
                const names = fs.readdirSync(entry.dir).map((filename) => ({
                  filename,
                  longname: filename,
                  attrs: attrsOf(fs.statSync(path.join(entry.dir, filename))),
                }));
                if (!names.length) return sftp.status(reqid, STATUS_CODE.EOF);
                sftp.name(reqid, names);
              })
              .on("CLOSE", (reqid, handle) => {
                if (dirs.delete(handle.readUInt32BE(0))) return sftp.status(reqid, STATUS_CODE.OK);
                const fd = handleOf(handle);
                if (fd === undefined) return fail(reqid);
                fs.closeSync(fd);
                handles.delete(handle.readUInt32BE(0));
                sftp.status(reqid, STATUS_CODE.OK);
              })
              .on("FSTAT", (reqid, handle) => {
                const fd = handleOf(handle);
                if (fd === undefined) return fail(reqid);
                sftp.attrs(reqid, attrsOf(fs.fstatSync(fd)));
              })
              .on("STAT", (reqid, p) => statReply(reqid, p))
              .on("LSTAT", (reqid, p) => statReply(reqid, p))
              .on("MKDIR", (reqid, p) => {
                try {
                  fs.mkdirSync(local(p));
                  sftp.status(reqid, STATUS_CODE.OK);
                } catch {
                  fail(reqid);
                }
              })
              .on("RENAME", (reqid, from, to) => {
                try {
                  fs.renameSync(local(from), local(to));
                  sftp.status(reqid, STATUS_CODE.OK);
                } catch {
                  fail(reqid);
                }
              })
              .on("REMOVE", (reqid, p) => {
                try {
                  fs.unlinkSync(local(p));
                  sftp.status(reqid, STATUS_CODE.OK);
                } catch {
                  fail(reqid);
                }
              })
              .on("REALPATH", (reqid, p) => {
                const resolved = path.posix.normalize(`/${p}`);
                sftp.name(reqid, [{ filename: resolved, longname: resolved, attrs: {} as never }]);
              });
            function statReply(reqid: number, p: string) {
              try {
                sftp.attrs(reqid, attrsOf(fs.statSync(local(p))));
              } catch {
                sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
              }
            }
          });
        });
      })
      .on("error", () => {});
  });
  // Our own listener hands each socket to the SSH server, or drops it while the store is down.
  const sockets = new Set<net.Socket>();
  const listener = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    if (refusing) socket.end();
    else server.injectSocket(socket);
  });
  await new Promise<void>((resolve) => listener.listen(port, "127.0.0.1", resolve));
  return {
    port: (listener.address() as AddressInfo).port,
    username,
    password,
    root,
    hostKeySha256: fingerprintOf(hostKey),
    connections: () => connections,
    down: () => {
      refusing = true;
    },
    up: () => {
      refusing = false;
    },
    close: () =>
      new Promise((resolve) => {
        // A client that keeps its connection open (a pooled SSH session) must not hold the close up.
        for (const socket of sockets) socket.destroy();
        listener.close(() => resolve());
      }),
  };
}
