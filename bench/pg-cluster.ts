/**
 * A throw-away Postgres cluster for the soak: initdb in a temporary directory, on a port
 * of its own, so the soak can stop and start it under load without touching the
 * machine's main cluster. Uses the newest server binaries under /usr/lib/postgresql
 * (PG_BIN overrides). Postgres refuses to run as root, so as root the cluster belongs to
 * the `postgres` OS user and every pg_ctl runs through runuser.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './common';

const run = promisify(execFile);

export interface Cluster {
  url(database: string): string;
  port: number;
  dir: string;
  /** pg_ctl stop in this mode; resolves once the server is down */
  stop(mode: 'fast' | 'immediate' | 'smart'): Promise<void>;
  /** pg_ctl start; resolves once it accepts connections */
  start(): Promise<void>;
  /** stops it (immediately) and deletes its directory, keeping a copy of its log in the temp directory */
  destroy(): void;
  logFile: string;
}

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  if (!versions.length) throw new Error('no Postgres server binaries under /usr/lib/postgresql (set PG_BIN)');
  versions.sort((a, b) => Number(b) - Number(a));
  return path.join(root, versions[0], 'bin');
}

export async function createCluster(settings: Record<string, string | number> = {}): Promise<Cluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-soak-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  const as = (cmd: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args], { cwd: dir }) : run(cmd, args, { cwd: dir }));
  await as(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);

  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`),
  ].join(' ');
  const pgCtl = path.join(bin, 'pg_ctl');
  const start = async () => {
    await as(pgCtl, ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
  };
  await start();
  let destroyed = false;
  return {
    port,
    dir,
    logFile,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start,
    stop: async (mode) => {
      await as(pgCtl, ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      try {
        const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
        if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', pgCtl, ...args], { stdio: 'ignore', cwd: dir });
        else execFileSync(pgCtl, args, { stdio: 'ignore', cwd: dir });
      } catch {
        // already stopped
      }
      // The server's log outlives the cluster, for what the soak's figures do not say.
      if (fs.existsSync(logFile)) fs.copyFileSync(logFile, path.join(os.tmpdir(), 'binaa-soak-postgres.log'));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
