/**
 * A throw-away Postgres cluster for the soak: initdb in a temporary directory, on a port
 * of its own, so the soak can stop and start it under load without touching the
 * machine's main cluster. Uses the newest server binaries under /usr/lib/postgresql
 * (PG_BIN overrides). Postgres refuses to run as root, so as root the cluster belongs to
 * the `postgres` OS user and every pg_ctl runs through runuser. createReplica makes a
 * streaming standby of one (bench/scale.ts).
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

/** The temporary directory of a cluster, owned by the `postgres` OS user when this runs as root, and how to run a server binary in it as its owner. */
function clusterDir(prefix: string) {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  const as = (cmd: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args], { cwd: dir }) : run(cmd, args, { cwd: dir }));
  const asSync = (cmd: string, args: string[]) => (asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'ignore', cwd: dir }) : execFileSync(cmd, args, { stdio: 'ignore', cwd: dir }));
  return { dir, data: path.join(dir, 'data'), as, asSync };
}

export async function createCluster(settings: Record<string, string | number> = {}): Promise<Cluster> {
  const bin = binDir();
  const place = clusterDir('binaa-soak-pg-');
  await place.as(path.join(bin, 'initdb'), ['-D', place.data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  return serve(bin, place, settings, 'binaa-soak-postgres.log');
}

/**
 * A streaming read replica of `primary`: pg_basebackup of it (-R writes the standby's
 * primary_conninfo and standby.signal) into a directory of its own, started on a port of
 * its own. initdb's default pg_hba.conf lets local replication connections in.
 */
export async function createReplica(primary: Cluster, settings: Record<string, string | number> = {}): Promise<Cluster> {
  const bin = binDir();
  const place = clusterDir('binaa-scale-replica-');
  await place.as(path.join(bin, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', place.data, '-R', '-X', 'stream', '-c', 'fast']);
  return serve(bin, place, { hot_standby: 'on', ...settings }, 'binaa-scale-replica.log');
}

/** Starts the server of a data directory on a free port and answers the cluster's handle; `keptLog`: where its log is copied when destroyed. */
async function serve(bin: string, place: ReturnType<typeof clusterDir>, settings: Record<string, string | number>, keptLog: string): Promise<Cluster> {
  const { dir, data, as, asSync } = place;
  const logFile = path.join(dir, 'postgres.log');
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
        asSync(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      // The server's log outlives the cluster, for what the soak's figures do not say.
      if (fs.existsSync(logFile)) fs.copyFileSync(logFile, path.join(os.tmpdir(), keptLog));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
