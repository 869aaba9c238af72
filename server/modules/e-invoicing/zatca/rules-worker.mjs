/**
 * The rules runner's thread: SaxonJS runs ZATCA's BR-KSA and the EN 16931 rules
 * synchronously, a few hundred milliseconds a document, so it runs here, off the server's
 * event loop. Loaded once with the compiled rules (SEF) named in workerData; each message
 * { id, xml, atMs? } is answered with { id, reports: [{ source, svrl }] } or { id, error }.
 * Plain JavaScript: a worker thread does not go through the TypeScript loader.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SaxonJS from 'saxon-js';

/**
 * The rules' current-date() is Riyadh's, as on ZATCA's servers: BR-KSA-04 holds a
 * document's issue date (a Riyadh date, UTC+3 all year) to at most today, and SaxonJS takes
 * today in the process's time zone, so a server on UTC refused every document issued
 * between 21:00 and midnight UTC as dated tomorrow. SaxonJS reads the zone only through
 * Date#getTimezoneOffset and offers no option for it; this thread runs nothing but the
 * rules, so the zone is set here, for this thread's dates alone.
 */
const RIYADH_OFFSET_MINUTES = -180;
Date.prototype.getTimezoneOffset = function riyadhOffset() {
  return RIYADH_OFFSET_MINUTES;
};

/**
 * BR-KSA-04 and the other date rules read today from current-date(), which SaxonJS takes
 * from `new Date` when a transform starts. The caller may judge a document at its own
 * time (a server whose test clock runs days ahead issues documents dated on its calendar,
 * and the development ZATCA judges them on that calendar, as the real one judges real
 * documents on the real day): for one transform, a Date built without arguments reads
 * that time. Nothing else runs on this thread.
 */
const RealDate = Date;
let judgedAtMs = null;
class JudgedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0 && judgedAtMs !== null) super(judgedAtMs);
    else super(...args);
  }
  static now() {
    return judgedAtMs ?? RealDate.now();
  }
}
globalThis.Date = JudgedDate;

const rules = workerData.rules.map((r) => ({ ...r, sef: JSON.parse(readFileSync(r.sefPath, 'utf8')) }));

parentPort.on('message', ({ id, xml, atMs }) => {
  judgedAtMs = typeof atMs === 'number' ? atMs : null;
  try {
    const reports = rules.map((r) => ({
      source: r.source,
      svrl: SaxonJS.transform({ stylesheetInternal: r.sef, stylesheetBaseURI: r.baseUri, sourceText: xml, destination: 'serialized' }, 'sync').principalResult,
    }));
    parentPort.postMessage({ id, reports });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  } finally {
    judgedAtMs = null;
  }
});
