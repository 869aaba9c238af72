/**
 * Reading a V8 CPU profile (node --cpu-prof): the samples taken within a window of the
 * process's monotonic clock (the clock process.hrtime reads, the same in every process
 * of the machine), by frame (self time) and by package or project file (inclusive: a
 * group counted once per sample however deep it recurs).
 */
import fs from 'node:fs';
import path from 'node:path';

const TOP = 15;

/** Now on the profiles' clock, in µs. */
export const nowUs = () => Number(process.hrtime.bigint() / 1000n);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A frame's group: the package it is in, or the project's file, or V8's own bucket. */
function groupOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = url.slice(inModules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith('node:')) return url;
  const root = `${process.cwd()}/`;
  const file = url.replace(/^file:\/\//, '');
  return file.startsWith(root) ? file.slice(root.length) : file;
}

/** Samples from `from` to `to` (µs of the monotonic clock), per request of `requests`. */
export function analyse(profile: CpuProfile, from: number, to: number, requests: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    // A sample stands for the time until the next one.
    const span = profile.timeDeltas[i + 1] ?? 0;
    if (at < from || at >= to) continue;
    const node = byId.get(profile.samples[i])!;
    if (node.callFrame.functionName === '(idle)') continue;
    busy += span;
    const frame = `${node.callFrame.functionName || '(anonymous)'} ${groupOf(node.callFrame.url, node.callFrame.functionName)}:${node.callFrame.lineNumber + 1}`;
    self.set(frame, (self.get(frame) ?? 0) + span);
    const groups = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      if (f.functionName !== '(root)') groups.add(groupOf(f.url, f.functionName));
    }
    for (const g of groups) inclusive.set(g, (inclusive.get(g) ?? 0) + span);
  }
  const share = (us: number) => `${((100 * us) / busy).toFixed(1)}%`;
  const perRequest = (us: number) => +(us / requests).toFixed(1);
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, share: share(us), us_a_request: perRequest(us) }));
  return { busyUsPerRequest: perRequest(busy), self: top(self, TOP), inclusive: top(inclusive, TOP + 10) };
}

/**
 * The main thread's profile of the one process that wrote into `dir` (a worker thread
 * writes one of its own: CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile, the main thread 0).
 */
export function readProfile(dir: string): { file: string; profile: CpuProfile } {
  const name = fs.readdirSync(dir).find((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (!name) throw new Error(`no main-thread profile written in ${dir}`);
  const file = path.join(dir, name);
  return { file, profile: JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile };
}
