/**
 * HAProxy (Debian's package) in front of the app processes of bench/scale.ts: round robin
 * over them, each checked by GET /api/health/ready every half second (the app answers 503
 * there while it drains for shutdown), marked down at once on a refused connection and up
 * again after two good checks (a check waits 2 s: a busy process is slow, not down). A
 * request whose connection failed or got no answer is sent again to another process (the
 * sync push is idempotent by its mutation ids, which the bench's exactly-once check holds
 * it to). Its admin socket takes a process out of the rotation and puts it back; its
 * stats page (CSV) says which process is up and how many requests each served.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './common';

export interface Backend {
  name: string;
  port: number;
}

interface BackendState {
  name: string;
  /** UP, DOWN, or a transition (e.g. "DOWN 1/2") */
  status: string;
  /** requests (sessions) it was given since HAProxy started */
  served: number;
  /** requests sent to it again after a failed connection or no answer, and of those, sent to another process */
  retried: number;
  redispatched: number;
}

export interface Haproxy {
  url: string;
  port: number;
  backends(): Promise<BackendState[]>;
  /** takes a process out of the rotation (maintenance) or puts it back, through the admin socket */
  setEnabled(name: string, on: boolean): Promise<void>;
  stop(): Promise<void>;
  /** ends it at once (at the bench's exit) */
  kill(): void;
}

const onPath = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Installs Debian's haproxy when the machine has none, and says so. */
export function ensureHaproxy(): void {
  if (onPath('haproxy')) return;
  console.log('haproxy is not installed: installing Debian\'s package (apt-get install -y haproxy)');
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  console.log(`installed: ${execFileSync('haproxy', ['-v']).toString().split('\n')[0]}`);
}

function config(port: number, statsPort: number, socket: string, backends: Backend[]): string {
  return [
    'global',
    '  maxconn 4096',
    `  stats socket ${socket} level admin`,
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-keep-alive 10s',
    '  timeout check 2s',
    '  option http-keep-alive',
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend apps',
    'backend apps',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down',
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
    'listen stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

/** HAProxy in the foreground (-db), on `port` (a free one when 0), in front of `backends`. */
export async function startHaproxy(backends: Backend[], port = 0): Promise<Haproxy> {
  const listenPort = port || (await freePort());
  const statsPort = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-scale-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  const socket = path.join(dir, 'admin.sock');
  fs.writeFileSync(file, config(listenPort, statsPort, socket, backends));
  execFileSync('haproxy', ['-c', '-q', '-f', file]);
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  child.once('exit', () => (exited = true));
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  const backendsNow = async (): Promise<BackendState[]> => {
    const lines = (await (await fetch(statsUrl)).text()).trim().split('\n');
    const head = lines[0].replace(/^# /, '').split(',');
    const col = (name: string) => head.indexOf(name);
    return lines
      .slice(1)
      .map((l) => l.split(','))
      .filter((f) => f[col('pxname')] === 'apps' && !['FRONTEND', 'BACKEND'].includes(f[col('svname')]))
      .map((f) => ({ name: f[col('svname')], status: f[col('status')], served: Number(f[col('stot')]), retried: Number(f[col('wretr')]) || 0, redispatched: Number(f[col('wredis')]) || 0 }));
  };
  // Listening once its stats page answers.
  for (let i = 0; ; i++) {
    if (exited) throw new Error('haproxy exited at start');
    try {
      await backendsNow();
      break;
    } catch {
      if (i > 100) throw new Error('haproxy did not start listening');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    backends: backendsNow,
    setEnabled: (name, on) =>
      new Promise<void>((resolve, reject) => {
        const c = net.createConnection(socket, () => c.end(`${on ? 'enable' : 'disable'} server apps/${name}\n`));
        c.on('data', () => undefined);
        c.on('close', () => resolve());
        c.on('error', reject);
      }),
    kill: () => {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
    stop: async () => {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
