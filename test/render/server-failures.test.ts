/**
 * The viewer stays up whatever the run's files do (issue 12, items 2 and 9); a failing request gets its own answer:
 *  - a file cut short while it is streamed: that response is closed (the client sees an incomplete body at once,
 *    instead of waiting for bytes that will not come), and the next request is answered;
 *  - a file deleted and recreated while it is streamed: the file opened is sent whole (the server reads from the
 *    descriptor it opened before answering, so a name that vanishes after the status line cannot fail the response);
 *  - a file deleted after the page listed it: 404; replaced by a FIFO: 404, without blocking the server;
 *  - a file the server may not read (mode 000, server run as the user nobody, as root ignores the mode): 403, and
 *    the server keeps serving — an unhandled ReadStream 'error' used to end the process;
 *  - a file with a second hard link (the other link may be anywhere): 403;
 *  - `view --port` takes decimal digits in 0–65535 only: "", "0x1F90", "9e3", "-1", "65536" are refused with one
 *    line naming the range; a port below 1024 as a user who may not bind it: one line.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSetup } from '../../src/run/setup.js';
import { startViewerServer, type ViewerServer } from '../../src/render/server.js';
import { runToDirectory } from '../../src/run/run.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { CLI, grainflow, grainflowAsNobody, NOBODY } from '../helpers/privileges.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-viewer-'));
fs.chmodSync(scratch, 0o755);
const runDir = path.join(scratch, 'run');
let server: ViewerServer;

beforeAll(async () => {
  await runToDirectory(createSetup(loadScenarioFile('scenarios/two-spheres.json')), runDir);
  server = await startViewerServer(runDir, 0);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: Buffer;
  /** the response ended before its content-length */
  incomplete: boolean;
}

function get(port: number, urlPath: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const done = (incomplete: boolean) => resolve({ status: res.statusCode!, body: Buffer.concat(chunks), incomplete });
      res.on('end', () => done(!res.complete));
      res.on('aborted', () => done(true));
      res.on('error', () => done(true));
    });
    req.on('error', reject);
  });
}

const indexIsServed = async (port: number) => expect((await get(port, '/run/frames/index.json')).status).toBe(200);

describe('files that change under the viewer', () => {
  it('a file cut short while it is streamed: that response is closed at once, the server answers the next', async () => {
    const big = path.join(runDir, 'big.bin');
    fs.writeFileSync(big, Buffer.alloc(64 << 20, 7));
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: server.port, path: '/run/big.bin' }, (res) => {
        let received = 0;
        let cut = false;
        res.on('data', (c: Buffer) => {
          received += c.length;
          if (!cut) {
            cut = true;
            fs.truncateSync(big, 1 << 20);
          }
        });
        const done = (incomplete: boolean) => resolve({ status: res.statusCode!, body: Buffer.alloc(received), incomplete });
        res.on('end', () => done(!res.complete));
        res.on('aborted', () => done(true));
        res.on('error', () => done(true));
      });
      req.on('error', reject);
      req.setTimeout(10_000, () => reject(new Error('the client was left waiting for bytes that never came')));
    });
    expect(answer.status).toBe(200);
    expect(answer.incomplete).toBe(true);
    expect(answer.body.length).toBeLessThan(64 << 20);
    await indexIsServed(server.port);
    fs.rmSync(big);
  });

  it('a file deleted and recreated while it is streamed: the response is the file that was opened, whole', async () => {
    const big = path.join(runDir, 'replaced.bin');
    fs.writeFileSync(big, Buffer.alloc(16 << 20, 1));
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: server.port, path: '/run/replaced.bin' }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          if (chunks.length === 0) {
            fs.rmSync(big);
            fs.writeFileSync(big, 'another file');
          }
          chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks), incomplete: !res.complete }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    expect(answer).toMatchObject({ status: 200, incomplete: false });
    expect(answer.body.equals(Buffer.alloc(16 << 20, 1))).toBe(true);
    expect((await get(server.port, '/run/replaced.bin')).body.toString()).toBe('another file');
    fs.rmSync(big);
  });

  it('a file deleted: 404; a FIFO in its place: 404 without blocking; the server stays up', async () => {
    const frame = path.join(runDir, 'frames', '000001.f32');
    expect((await get(server.port, '/run/frames/000001.f32')).status).toBe(200);
    fs.rmSync(frame);
    expect((await get(server.port, '/run/frames/000001.f32')).status).toBe(404);
    expect(spawnSync('mkfifo', [frame]).status).toBe(0);
    expect((await get(server.port, '/run/frames/000001.f32')).status).toBe(404);
    await indexIsServed(server.port);
    fs.rmSync(frame);
  });

  it('a run file with a second hard link: 403 (the other link may be anywhere)', async () => {
    const outside = path.join(scratch, 'outside.txt');
    fs.writeFileSync(outside, 'a file of someone else');
    fs.linkSync(outside, path.join(runDir, 'linked.txt'));
    const r = await get(server.port, '/run/linked.txt');
    expect(r.status).toBe(403);
    expect(r.body.toString()).not.toContain('someone else');
    await indexIsServed(server.port);
  });
});

/** `grainflow view runDir --port 0` as the user nobody, and the port it listens on. */
async function viewAsNobody(dir: string): Promise<{ child: ChildProcess; port: number; stderr: () => string }> {
  const child = spawn('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', process.execPath, CLI, 'view', dir,
    '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`view exited early with ${code}: ${stderr}`)));
  });
  return { child, port, stderr: () => stderr };
}

describe('a file the server may not read', () => {
  it('mode 000 under a server run as nobody: 403 for that file, the server keeps serving', async () => {
    const dir = path.join(scratch, 'readable-run');
    fs.cpSync(runDir, dir, { recursive: true });
    fs.rmSync(path.join(dir, 'linked.txt'), { force: true });
    fs.chmodSync(path.join(dir, 'frames', '000002.f32'), 0o000);
    const view = await viewAsNobody(dir);
    try {
      expect((await get(view.port, '/run/frames/000002.f32')).status).toBe(403);
      expect((await get(view.port, '/run/frames/000003.f32')).status).toBe(200);
      await indexIsServed(view.port);
      expect(view.child.exitCode).toBeNull();
    } finally {
      const exited = new Promise((resolve) => view.child.once('exit', resolve));
      view.child.kill('SIGINT');
      await exited;
    }
    expect(view.stderr()).toBe('');
  });
});

describe('view --port', () => {
  it.each(['', '0x1F90', '9e3', '-1', '65536', '80.0', ' 80'])('"%s" is refused with one line naming the range, status 2', (port) => {
    const r = grainflow(['view', runDir, `--port=${port}`]);
    expect(r.status, r.stderr).toBe(2);
    expect(r.lines).toEqual([`grainflow: --port must be a whole number in 0–65535, in decimal digits (got "${port}")`]);
  });

  it('a port below 1024 as a user who may not bind it: one line, status 2', () => {
    const r = grainflowAsNobody(['view', runDir, '--port', '80']);
    expect(r.status, r.stderr).toBe(2);
    expect(r.lines).toEqual(['grainflow: --port 80 needs privileges this user does not have (ports below 1024 are reserved '
      + 'for root); choose a port in 1024–65535, or 0 for any free port']);
  });
});
