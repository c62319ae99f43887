/**
 * The viewer's HTTP server. Serves, on 127.0.0.1 only:
 *   /                 the viewer page
 *   /app/...          the page's scripts and styles (src/render/page in the package, served as written)
 *   /vendor/three/... three.js from node_modules (the page works offline, no CDN)
 *   /run/...          the run directory's files
 *   /color-scale.json the run's colour scale (color-scale.ts), computed on the first request
 * and nothing else: paths with `..` segments, or that resolve (symbolic links included) outside the folder they
 * name, get 403; requests naming another host get 403 too, so a web page cannot reach it by DNS rebinding. A run
 * file with more than one hard link gets 403: the other link may be anywhere (a file of another user, planted in a
 * shared run directory), and the viewer serves only what the run wrote — copy a run with `cp -r`, not `cp -l`.
 *
 * The server stays up whatever the files do: each request opens its file before answering, so a file that cannot
 * be read answers that request alone (404 missing, 403 no permission, 500 anything else); a file cut short or
 * failing while it is sent closes that connection (the status is already sent); any other error in a request
 * answers 500.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { readFrameIndex } from '../output/frame-index.js';
import { FRAME_INDEX, FRAMES_DIRECTORY, type FrameIndex } from '../output/frames.js';
import { RunFileError } from '../output/run-files.js';
import { runColorScale } from './color-scale.js';

export const VIEWER_HOST = '127.0.0.1';
/** URL prefix of the run directory's files. */
const RUN_PREFIX = '/run/';

/** A run directory or port the viewer cannot use; the message is meant for the user as it is. */
export class ViewerInputError extends Error {}

export interface ViewerServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.csv': 'text/csv; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.pvd': 'application/xml', '.vtp': 'application/xml',
};

/** The page's own files: src/render/page of the package, whether this module runs from src/ or dist/src/. */
export function pageDirectory(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('grainflow package root not found');
    dir = parent;
  }
  return path.join(dir, 'src', 'render', 'page');
}

function threeDirectory(): string {
  // 'three' resolves to <three>/build/three.cjs under require conditions.
  return path.dirname(path.dirname(createRequire(import.meta.url).resolve('three')));
}

/** The run's frame index; ViewerInputError (one line) for a run without a readable one. */
export function checkRunDirectory(runDir: string): FrameIndex {
  if (!fs.existsSync(path.join(runDir, FRAMES_DIRECTORY, FRAME_INDEX))) {
    throw new ViewerInputError(`<runDir> "${runDir}" has no ${FRAMES_DIRECTORY}/${FRAME_INDEX}: `
      + 'give the --out directory of a finished `grainflow run` whose scenario keeps outputs.frames true (the default)');
  }
  try {
    return readFrameIndex(runDir);
  } catch (error) {
    if (!(error instanceof RunFileError)) throw error;
    throw new ViewerInputError(error.message);
  }
}

/** Path of the run's colour scale, answered from memory rather than a file. */
const COLOR_SCALE_PATH = '/color-scale.json';

export async function startViewerServer(runDir: string, port = 0): Promise<ViewerServer> {
  const index = checkRunDirectory(runDir);
  let colorScale: string | undefined;
  const roots: [string, string][] = [
    ['/app/', pageDirectory()],
    ['/vendor/three/', threeDirectory()],
    [RUN_PREFIX, path.resolve(runDir)],
  ];
  const answer = (req: http.IncomingMessage, res: http.ServerResponse, connection: Connection) => {
    let status: number;
    try {
      if ((req.url ?? '').split('?')[0] === COLOR_SCALE_PATH && req.method === 'GET' && sameHost(req, server)) {
        colorScale ??= JSON.stringify(runColorScale(runDir, index));
        res.writeHead(200, { 'content-type': CONTENT_TYPES['.json'], 'cache-control': 'no-store' });
        res.end(colorScale);
        return;
      }
      status = respond(req, res, roots, server, connection);
    } catch {
      status = 500;
    }
    if (status !== 200 && !res.headersSent) {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`${status} ${http.STATUS_CODES[status]}\n`);
    }
  };
  const server = http.createServer((req, res) => {
    const connection = connectionOf(req.socket);
    if (connection.streams.size < MAX_OPEN_FILES_PER_CONNECTION) answer(req, res, connection);
    else if (connection.waiting.length < MAX_WAITING_PER_CONNECTION) connection.waiting.push(() => answer(req, res, connection));
    else answer503(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, port)));
    server.listen(port, VIEWER_HOST, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://${VIEWER_HOST}:${actual}/`,
    port: actual,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Why the server cannot listen on `port`, for the user: a ViewerInputError for a port they can change. */
function listenError(err: NodeJS.ErrnoException, port: number): Error {
  if (err.code === 'EADDRINUSE') {
    return new ViewerInputError(`--port ${port} is in use; choose another port (1–65535) or 0 for any free port`);
  }
  if (err.code === 'EACCES' || err.code === 'EPERM') {
    return new ViewerInputError(`--port ${port} needs privileges this user does not have (ports below 1024 are `
      + 'reserved for root); choose a port in 1024–65535, or 0 for any free port');
  }
  return err;
}

/** The status for a file that cannot be opened: missing 404, not permitted 403, anything else 500. */
function openErrorStatus(error: unknown): number {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return 404;
  if (code === 'EACCES' || code === 'EPERM') return 403;
  return 500;
}

/**
 * Pipelined requests (HTTP/1.1 lets a client send many before reading any answer) each open a file, whose answer
 * waits in line behind the one before: a client that sends hundreds and reads none would hold a descriptor per
 * request, for as long as it stays connected. So a connection holds at most MAX_OPEN_FILES_PER_CONNECTION files
 * open; its further requests wait unopened (at most MAX_WAITING_PER_CONNECTION, then 503), and when the client
 * goes away its files are closed, answered or not.
 */
export const MAX_OPEN_FILES_PER_CONNECTION = 4;
const MAX_WAITING_PER_CONNECTION = 256;

interface Connection {
  /** the files being sent on it */
  streams: Set<fs.ReadStream>;
  /** requests that wait for one of those to finish */
  waiting: (() => void)[];
}

const connections = new WeakMap<net.Socket, Connection>();

function connectionOf(socket: net.Socket): Connection {
  let connection = connections.get(socket);
  if (connection === undefined) {
    const made: Connection = { streams: new Set(), waiting: [] };
    socket.once('close', () => {
      made.waiting.length = 0;
      for (const stream of made.streams) stream.destroy();
    });
    connections.set(socket, made);
    connection = made;
  }
  return connection;
}

function answer503(res: http.ServerResponse): void {
  res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(`503 ${http.STATUS_CODES[503]}\n`);
}

/** Whether the request names this server's host (a page elsewhere cannot reach it by DNS rebinding). */
function sameHost(req: http.IncomingMessage, server: http.Server): boolean {
  const { port } = server.address() as AddressInfo;
  return req.headers.host === `${VIEWER_HOST}:${port}` || req.headers.host === `localhost:${port}`;
}

/** Sends the file and returns 200, or returns the error status to send. */
function respond(
  req: http.IncomingMessage, res: http.ServerResponse, roots: [string, string][], server: http.Server, connection: Connection,
): number {
  if (req.method !== 'GET' && req.method !== 'HEAD') return 405;
  if (!sameHost(req, server)) return 403;
  const urlPath = (req.url ?? '/').split('?')[0];
  let file: string | null;
  if (urlPath === '/' || urlPath === '/index.html') {
    file = path.join(roots[0][1], 'index.html');
  } else {
    const root = roots.find(([prefix]) => urlPath.startsWith(prefix));
    if (!root) return 404;
    file = resolveInside(root[1], urlPath.slice(root[0].length));
    if (file === null) return 403;
  }
  const runFile = urlPath.startsWith(RUN_PREFIX);
  // Opened before answering, so that an unreadable file is this request's 403, not an error after the 200; without
  // blocking, so that a FIFO put in place of a file cannot hold the server (fstat then refuses it).
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    return openErrorStatus(error);
  }
  let stat: fs.Stats;
  try {
    stat = fs.fstatSync(fd);
  } catch {
    fs.closeSync(fd);
    return 500;
  }
  const refused = !stat.isFile() ? 404 : runFile && stat.nlink > 1 ? 403 : 200;
  if (refused !== 200 || req.method === 'HEAD' || stat.size === 0) fs.closeSync(fd);
  if (refused !== 200) return refused;
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-length': stat.size,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD' || stat.size === 0) res.end();
  else sendOpenFile(fd, stat.size, res, connection);
  return 200;
}

/**
 * Streams `size` bytes of the open file to `res`. The status line is sent already, so a read that fails (the file
 * was on a disk that went away) or ends short (the file was cut while being sent) closes the connection: the client
 * sees an incomplete response instead of waiting for bytes that will not come.
 */
function sendOpenFile(fd: number, size: number, res: http.ServerResponse, connection: Connection): void {
  const stream = fs.createReadStream('', { fd, start: 0, end: size - 1, autoClose: true });
  connection.streams.add(stream);
  // The descriptor is closed: the next waiting request of the connection may open its file.
  stream.once('close', () => {
    connection.streams.delete(stream);
    connection.waiting.shift()?.();
  });
  let sent = 0;
  stream.on('data', (chunk) => {
    sent += chunk.length;
  });
  stream.on('error', () => res.destroy());
  stream.on('end', () => (sent === size ? res.end() : res.destroy()));
  res.on('close', () => stream.destroy());
  stream.pipe(res, { end: false });
}

/** The file that `relative` (still URL-encoded) names inside root, or null if it would leave root. */
export function resolveInside(root: string, relative: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const segments = decoded.split(/[/\\]/);
  if (segments.some((s) => s === '..')) return null;
  const file = path.resolve(root, ...segments.filter((s) => s !== '' && s !== '.'));
  if (!isInside(root, file)) return null;
  // A symbolic link inside root may point outside it.
  try {
    if (!isInside(fs.realpathSync(root), fs.realpathSync(file))) return null;
  } catch {
    // Missing file: 404 follows.
  }
  return file;
}

function isInside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
