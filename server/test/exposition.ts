/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for the tests
 * of GET /metrics (server/modules/metrics/): prom-client writes the format but has no parser, and promtool is not
 * installed here. It throws on what Prometheus would refuse or misread, following the
 * format's rules: metric and label names of their grammar; one `# TYPE` per family, before
 * its samples, with a known type; one `# HELP`; a family's lines together; label values
 * quoted with only `\\`, `\"` and `\n` escaped; values floats, NaN or ±Inf (in any case, as Go's ParseFloat reads them); a sample name
 * its family's (with `_bucket`, `_sum`, `_count` for a histogram, `le` on every bucket, a
 * `+Inf` bucket equal to `_count`, buckets not decreasing); no label twice in a sample; every
 * sample after its family's TYPE.
 * It adds the naming conventions the issue asks for: counters end in `_total`.
 */
type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<MetricType, string[]> = { counter: [''], gauge: [''], untyped: [''], histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

function parseValue(text: string, line: string): number {
  // Prometheus reads values with Go's ParseFloat: Inf, Infinity and NaN in any case (prom-client writes `Nan`).
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a value: ${line}`);
  return Number(text);
}

/** `{a="x",b="y"}` from index `i` of `line`; returns the labels and the index after `}`. */
function parseLabels(line: string, i: number): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  i++; // {
  while (line[i] !== '}') {
    const name = /^[^=]*/.exec(line.slice(i))![0];
    if (!LABEL_NAME.test(name) || name.startsWith('__')) throw new Error(`bad label name "${name}": ${line}`);
    if (name in labels) throw new Error(`label ${name} twice: ${line}`);
    i += name.length;
    if (line[i] !== '=' || line[i + 1] !== '"') throw new Error(`bad label: ${line}`);
    i += 2;
    let value = '';
    for (;;) {
      const c = line[i++];
      if (c === undefined) throw new Error(`unterminated label value: ${line}`);
      if (c === '"') break;
      if (c === '\\') {
        const e = line[i++];
        if (e === 'n') value += '\n';
        else if (e === '\\' || e === '"') value += e;
        else throw new Error(`bad escape \\${e}: ${line}`);
      } else value += c;
    }
    labels[name] = value;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`bad label list: ${line}`);
  }
  return [labels, i + 1];
}

export function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const finished = new Set<string>();
  let current: Family | undefined;
  const familyOf = (name: string): Family => {
    let f = families.get(name);
    if (!f) families.set(name, (f = { name, type: 'untyped', help: '', samples: [] }));
    if (current && current !== f) finished.add(current.name);
    if (finished.has(name)) throw new Error(`family ${name} is not in one group of lines`);
    current = f;
    return f;
  };
  if (!text.endsWith('\n')) throw new Error('the text must end with a line feed');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) continue; // a plain comment
      const [, kind, name, rest] = m;
      if (!METRIC_NAME.test(name)) throw new Error(`bad metric name: ${line}`);
      const f = familyOf(name);
      if (kind === 'TYPE') {
        if (!TYPES.has(rest as MetricType)) throw new Error(`unknown type: ${line}`);
        if (f.samples.length || (f as Family & { typed?: boolean }).typed) throw new Error(`TYPE after samples or twice: ${line}`);
        (f as Family & { typed?: boolean }).typed = true;
        f.type = rest as MetricType;
      } else {
        if (f.help) throw new Error(`HELP twice: ${line}`);
        f.help = rest;
      }
      continue;
    }
    const name = /^[^{\s]+/.exec(line)?.[0] ?? '';
    if (!METRIC_NAME.test(name)) throw new Error(`bad sample name: ${line}`);
    let i = name.length;
    let labels: Record<string, string> = {};
    if (line[i] === '{') [labels, i] = parseLabels(line, i);
    if (line[i] !== ' ') throw new Error(`no value: ${line}`);
    const [valueText, timestamp, extra] = line.slice(i + 1).split(' ');
    if (extra !== undefined || (timestamp !== undefined && !/^-?\d+$/.test(timestamp))) throw new Error(`bad value or timestamp: ${line}`);
    const value = parseValue(valueText, line);
    const base = [...families.keys()].find((f) => SUFFIXES[families.get(f)!.type].some((s) => `${f}${s}` === name)) ?? name;
    if (!(families.get(base) as (Family & { typed?: boolean }) | undefined)?.typed) throw new Error(`a sample without its family's TYPE: ${line}`);
    familyOf(base).samples.push({ name, labels, value });
  }
  for (const f of families.values()) check(f);
  return families;
}

function check(f: Family): void {
  if (f.type === 'counter' && !f.name.endsWith('_total')) throw new Error(`counter ${f.name} does not end in _total`);
  if (f.type !== 'histogram') return;
  const series = new Map<string, Sample[]>();
  for (const s of f.samples) {
    if (s.name === `${f.name}_bucket` && !('le' in s.labels)) throw new Error(`${f.name}: a bucket without le`);
    const { le: _le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    series.set(key, [...(series.get(key) ?? []), s]);
  }
  for (const [key, samples] of series) {
    const buckets = samples.filter((s) => s.name.endsWith('_bucket'));
    const count = samples.find((s) => s.name === `${f.name}_count`);
    const inf = buckets.find((b) => b.labels.le === '+Inf');
    if (!inf || !count || !samples.some((s) => s.name === `${f.name}_sum`)) throw new Error(`${f.name} ${key}: a series without +Inf, _sum or _count`);
    if (inf.value !== count.value) throw new Error(`${f.name} ${key}: +Inf bucket ${inf.value} is not _count ${count.value}`);
    const ordered = [...buckets].sort((a, b) => parseValue(a.labels.le, '') - parseValue(b.labels.le, ''));
    for (let i = 1; i < ordered.length; i++) if (ordered[i].value < ordered[i - 1].value) throw new Error(`${f.name} ${key}: buckets decrease`);
  }
}

/** The value of the series of `name` with exactly `labels` (0 when absent: a counter not moved yet). */
export function valueOf(families: Map<string, Family>, family: string, name: string, labels: Record<string, string>): number {
  const want = JSON.stringify(Object.entries(labels).sort());
  const s = families.get(family)?.samples.find((x) => x.name === name && JSON.stringify(Object.entries(x.labels).sort()) === want);
  return s?.value ?? 0;
}
