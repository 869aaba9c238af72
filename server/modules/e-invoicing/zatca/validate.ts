/**
 * Checks a document as ZATCA does before it clears or reports it: the UBL 2.1 schema
 * (xmllint compiled to WebAssembly, with the `common/` schemas preloaded under the
 * relative names the main schema imports them by), then ZATCA's BR-KSA rules and the
 * EN 16931 rules, both Schematron compiled to XSLT 2.0 and run by SaxonJS. The rules run
 * from their SEF exports committed beside the `.xsl` sources (`npm run zatca:rules`
 * rebuilds them; compiling takes seconds and needs the xslt3 compiler, which the server
 * should not carry), so a fresh clone validates without Java or a build step.
 *
 * `fatal` and `error` findings are what ZATCA rejects; `warning` is what it accepts and
 * reports. Everything is loaded on first use, once per process: the development ZATCA
 * validates in the server process and other processes never pay for it. Neither check
 * holds the event loop: xmllint runs in a worker of its own per document, the rules in one
 * long-lived worker thread (rules-worker.mjs) that keeps them compiled. A document that
 * is not schema-valid still goes through the rules, as ZATCA reports both; one that is not
 * well-formed XML only through the schema, whose parser says where it breaks.
 */
import { readFile, readdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DOMParser } from '@xmldom/xmldom';
import { ZATCA_STANDARDS } from './standards';

/** @public */
export interface Finding {
  source: 'xsd' | 'ksa' | 'en16931';
  id: string;
  flag: 'fatal' | 'error' | 'warning';
  text: string;
  location?: string;
}

export interface ValidationResult {
  errors: Finding[];
  warnings: Finding[];
}

const XSD_DIR = `${ZATCA_STANDARDS}/ubl-2.1/xsd`;
const RULES_DIR = `${ZATCA_STANDARDS}/rules`;
const SVRL = 'http://purl.oclc.org/dsdl/svrl';

/** The rule sets: their source name under rules/ and the source a finding names. */
const RULE_SETS = [
  { file: 'zatca-validation-rules', source: 'ksa' },
  { file: 'cen-en16931-ubl', source: 'en16931' },
] as const;

interface Loaded {
  validateXML: typeof import('xmllint-wasm').validateXML;
  schema: { fileName: string; contents: string };
  preload: { fileName: string; contents: string }[];
  rules: RulesThread;
}

interface RuleReport {
  source: Finding['source'];
  svrl: string;
}

/** The rules' worker thread and its pending requests; it keeps a process alive only while a document is in it. */
class RulesThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (r: RuleReport[]) => void; reject: (e: Error) => void }>();
  private next = 0;
  failed: Error | undefined;

  constructor() {
    this.worker = new Worker(new URL('./rules-worker.mjs', import.meta.url), {
      // Plain JavaScript: no TypeScript loader to start in the thread.
      execArgv: [],
      workerData: {
        rules: RULE_SETS.map(({ file, source }) => ({
          source,
          sefPath: `${RULES_DIR}/${file}.sef.json`,
          // The rules look their own stylesheet up (document('')) to name locations; it sits beside the SEF.
          baseUri: pathToFileURL(`${RULES_DIR}/${file}.xsl`).href,
        })),
      },
    });
    this.worker.on('message', (m: { id: number; reports?: RuleReport[]; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (this.pending.size === 0) this.worker.unref();
      if (m.reports) p?.resolve(m.reports);
      else p?.reject(new Error(`the rules could not run: ${m.error}`));
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`the rules thread stopped (${code})`)));
    // Held only while a document is being checked (adding a listener refs it again).
    this.worker.unref();
  }

  private fail(e: Error): void {
    this.failed = e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  run(xml: string, at?: Date): Promise<RuleReport[]> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, xml, atMs: at?.getTime() });
    });
  }
}

let loading: Promise<Loaded> | undefined;

async function load(): Promise<Loaded> {
  const [{ validateXML }, common, main] = await Promise.all([
    import('xmllint-wasm'),
    readdir(`${XSD_DIR}/common`),
    readFile(`${XSD_DIR}/maindoc/UBL-Invoice-2.1.xsd`, 'utf8'),
  ]);
  const preload = await Promise.all(
    common.filter((f) => f.endsWith('.xsd')).map(async (f) => ({ fileName: `common/${f}`, contents: await readFile(`${XSD_DIR}/common/${f}`, 'utf8') })),
  );
  return { validateXML, schema: { fileName: 'maindoc/UBL-Invoice-2.1.xsd', contents: main }, preload, rules: new RulesThread() };
}

/** Loads the schema and starts the rules' thread now rather than on the first document (a server may warm up with it). */
export function loadValidator(): Promise<unknown> {
  loading ??= load();
  return loading;
}

async function schemaFindings(v: Loaded, xml: string): Promise<Finding[]> {
  const result = await v.validateXML({ xml: { fileName: 'invoice.xml', contents: xml }, schema: v.schema, preload: v.preload });
  // xmllint also echoes the offending line and a caret under it: lines without a location.
  const located = result.errors.filter((e) => e.loc);
  const findings = located.map(
    (e): Finding => ({ source: 'xsd', id: 'XSD', flag: 'fatal', text: e.message.trim(), location: `line ${e.loc?.lineNumber}` }),
  );
  if (!result.valid && findings.length === 0) findings.push({ source: 'xsd', id: 'XSD', flag: 'fatal', text: result.rawOutput.trim() || 'the schema rejects the document' });
  return findings;
}

const FLAGS = new Set<Finding['flag']>(['fatal', 'error', 'warning']);

function ruleFindings({ source, svrl }: RuleReport): Finding[] {
  const doc = new DOMParser().parseFromString(svrl, 'text/xml');
  const asserts = [...Array.from(doc.getElementsByTagNameNS(SVRL, 'failed-assert')), ...Array.from(doc.getElementsByTagNameNS(SVRL, 'successful-report'))];
  return asserts.map((a) => {
    const flag = a.getAttribute('flag') as Finding['flag'] | null;
    const text = a.getElementsByTagNameNS(SVRL, 'text')[0]?.textContent ?? '';
    return {
      source,
      id: a.getAttribute('id') ?? '',
      // A rule without a flag is a rejection: Schematron's default for an assertion.
      flag: flag && FLAGS.has(flag) ? flag : 'error',
      text: text.replace(/\s+/g, ' ').trim(),
      location: a.getAttribute('location') ?? undefined,
    };
  });
}

/**
 * The schema's and both rule sets' findings on a document. A document that is not
 * schema-valid XML is still run through the rules (ZATCA reports both), unless it does
 * not parse at all. The date rules (an issue date at most today) judge on `at`, the real
 * time unless the caller keeps its own calendar.
 */
export async function validateInvoice(xml: string, at?: Date): Promise<ValidationResult> {
  let v = (await loadValidator()) as Loaded;
  if (v.rules.failed) {
    // A thread that died (out of memory, killed) is replaced on the next document.
    loading = undefined;
    v = (await loadValidator()) as Loaded;
  }
  const wellFormed = (() => {
    try {
      new DOMParser({ onError: (level) => { if (level !== 'warning') throw new Error('not well-formed'); } }).parseFromString(xml, 'text/xml');
      return true;
    } catch {
      return false;
    }
  })();
  const [schema, reports] = await Promise.all([schemaFindings(v, xml), wellFormed ? v.rules.run(xml, at) : Promise.resolve([])]);
  const findings = [...schema, ...reports.flatMap(ruleFindings)];
  return {
    errors: findings.filter((f) => f.flag !== 'warning'),
    warnings: findings.filter((f) => f.flag === 'warning'),
  };
}
