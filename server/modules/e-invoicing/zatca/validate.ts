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
 * validates in the server process and other processes never pay for it.
 */
import { readFile, readdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
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
  transform: (typeof import('saxon-js'))['default']['transform'];
  rules: { source: Finding['source']; sef: unknown; baseUri: string }[];
}

let loading: Promise<Loaded> | undefined;

async function load(): Promise<Loaded> {
  const [{ validateXML }, saxon, common, main] = await Promise.all([
    import('xmllint-wasm'),
    import('saxon-js'),
    readdir(`${XSD_DIR}/common`),
    readFile(`${XSD_DIR}/maindoc/UBL-Invoice-2.1.xsd`, 'utf8'),
  ]);
  const preload = await Promise.all(
    common.filter((f) => f.endsWith('.xsd')).map(async (f) => ({ fileName: `common/${f}`, contents: await readFile(`${XSD_DIR}/common/${f}`, 'utf8') })),
  );
  const rules = await Promise.all(
    RULE_SETS.map(async ({ file, source }) => ({
      source,
      sef: JSON.parse(await readFile(`${RULES_DIR}/${file}.sef.json`, 'utf8')) as unknown,
      // The rules look their own stylesheet up (document('')) to name locations; it sits beside the SEF.
      baseUri: pathToFileURL(`${RULES_DIR}/${file}.xsl`).href,
    })),
  );
  return { validateXML, schema: { fileName: 'maindoc/UBL-Invoice-2.1.xsd', contents: main }, preload, transform: (options, mode) => saxon.default.transform(options, mode), rules };
}

/** Loads the schema and the rules now rather than on the first document (a server may warm up with it). */
export function loadValidator(): Promise<unknown> {
  loading ??= load();
  return loading;
}

async function schemaFindings(v: Loaded, xml: string): Promise<Finding[]> {
  const result = await v.validateXML({ xml: { fileName: 'invoice.xml', contents: xml }, schema: v.schema, preload: v.preload });
  return result.errors.map((e) => ({
    source: 'xsd',
    id: 'XSD',
    flag: 'fatal',
    text: e.message.replace(/^invoice\.xml:\d+:\s*/, '').trim(),
    location: e.loc ? `line ${e.loc.lineNumber}` : undefined,
  }));
}

const FLAGS = new Set<Finding['flag']>(['fatal', 'error', 'warning']);

function ruleFindings(v: Loaded, rule: Loaded['rules'][number], xml: string): Finding[] {
  const svrl = v.transform({ stylesheetInternal: rule.sef, stylesheetBaseURI: rule.baseUri, sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
  const doc = new DOMParser().parseFromString(svrl, 'text/xml');
  const asserts = [...Array.from(doc.getElementsByTagNameNS(SVRL, 'failed-assert')), ...Array.from(doc.getElementsByTagNameNS(SVRL, 'successful-report'))];
  return asserts.map((a) => {
    const flag = a.getAttribute('flag') as Finding['flag'] | null;
    const text = a.getElementsByTagNameNS(SVRL, 'text')[0]?.textContent ?? '';
    return {
      source: rule.source,
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
 * not parse at all.
 */
export async function validateInvoice(xml: string): Promise<ValidationResult> {
  const v = (await loadValidator()) as Loaded;
  const findings = await schemaFindings(v, xml);
  const parses = !findings.some((f) => /parser error|Document is empty|Start tag expected/i.test(f.text));
  if (parses) for (const rule of v.rules) findings.push(...ruleFindings(v, rule, xml));
  return {
    errors: findings.filter((f) => f.flag !== 'warning'),
    warnings: findings.filter((f) => f.flag === 'warning'),
  };
}
