/**
 * The viewer under pipelined requests nobody reads (issue 25, item 7): a client that sends many requests on one
 * connection and reads none of the answers gets at most a few files held open for it, and every one of them is
 * closed as soon as it goes away — before, each pipelined request kept a descriptor open for good.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSetup } from '../../src/run/setup.js';
import { MAX_OPEN_FILES_PER_CONNECTION, startViewerServer, type ViewerServer } from '../../src/render/server.js';
import { runToDirectory } from '../../src/run/run.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { until } from '../helpers/until.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-pipelined-'));
const runDir = path.join(scratch, 'run');
let server: ViewerServer;

beforeAll(async () => {
  await runToDirectory(createSetup(loadScenarioFile('scenarios/two-spheres.json')), runDir);
  // Large enough that its answer fills the socket's buffers while the client reads nothing.
  fs.writeFileSync(path.join(runDir, 'big.bin'), Buffer.alloc(16 << 20, 1));
  server = await startViewerServer(runDir, 0);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const openDescriptors = () => fs.readdirSync('/proc/self/fd').length;

describe('pipelined requests that are never read', () => {
  it('hold a bounded number of files, all closed when the client leaves', async () => {
    const before = openDescriptors();
    const sockets = await Promise.all(Array.from({ length: 4 }, () => new Promise<net.Socket>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1', () => resolve(socket));
      socket.pause();
    })));
    const request = `GET /run/big.bin HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`;
    for (const socket of sockets) socket.write(request.repeat(200));
    // Four sockets of this process's own, and per connection its socket and the bound of files: the server (in
    // this process) reaches it as it reads the requests, and holds no more.
    const bound = sockets.length * (1 + MAX_OPEN_FILES_PER_CONNECTION) + sockets.length;
    await until(() => openDescriptors() - before >= bound, 'the server to open its files');
    expect(openDescriptors() - before).toBe(bound);
    for (const socket of sockets) socket.destroy();
    await until(() => openDescriptors() <= before, 'the server to close its files');
  });

  it('are all answered, in order, when the client reads them', async () => {
    const count = 3 * MAX_OPEN_FILES_PER_CONNECTION + 1;
    const answers = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.write(`GET /run/summary.json HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`.repeat(count - 1)
          + `GET /run/summary.json HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
      });
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => { text += chunk; });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const summary = fs.readFileSync(path.join(runDir, 'summary.json'), 'latin1');
    expect(answers.match(/^HTTP\/1\.1 200 OK\r$/gm)).toHaveLength(count);
    expect(answers.split(summary)).toHaveLength(count + 1);
  });
});
