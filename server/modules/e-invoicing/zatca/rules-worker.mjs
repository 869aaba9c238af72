/**
 * The rules runner's thread: SaxonJS runs ZATCA's BR-KSA and the EN 16931 rules
 * synchronously, a few hundred milliseconds a document, so it runs here, off the server's
 * event loop. Loaded once with the compiled rules (SEF) named in workerData; each message
 * { id, xml } is answered with { id, reports: [{ source, svrl }] } or { id, error }.
 * Plain JavaScript: a worker thread does not go through the TypeScript loader.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SaxonJS from 'saxon-js';

const rules = workerData.rules.map((r) => ({ ...r, sef: JSON.parse(readFileSync(r.sefPath, 'utf8')) }));

parentPort.on('message', ({ id, xml }) => {
  try {
    const reports = rules.map((r) => ({
      source: r.source,
      svrl: SaxonJS.transform({ stylesheetInternal: r.sef, stylesheetBaseURI: r.baseUri, sourceText: xml, destination: 'serialized' }, 'sync').principalResult,
    }));
    parentPort.postMessage({ id, reports });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
