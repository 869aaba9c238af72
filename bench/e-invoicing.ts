/**
 * npm run bench:e-invoicing (no database, no network): issuing a ZATCA invoice in the
 * server process: build the UBL document, hash it, sign it (XAdES, ECDSA secp256k1) and
 * fill its QR, p95 per invoice of a 10-line invoice with standard-rated, zero-rated and
 * exempt lines, against the same run's baseline of what cannot be avoided: a bare
 * secp256k1 signature of a precomputed hash plus the XML serialisation alone (target:
 * at most 3x). The two are timed one after the other in turn, so a noisy neighbour weighs
 * on both alike. Then 1,000 invoices of one seller in a row, each chained to the previous by its
 * hash (PIH) and counter (ICV), are checked from their documents alone: the chain holds.
 */
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { saveResults, table } from './common';
import { buildInvoiceXml } from '../server/modules/e-invoicing/zatca/document';
import type { InvoiceDocument, InvoiceLine } from '../server/modules/e-invoicing/zatca/invoice-types';
import { EXEMPT_LINES, invoiceOf, STANDARD_LINES, unitKeys, ZERO_RATED_LINES } from '../server/modules/e-invoicing/zatca/fixtures';
import { buildSignedInvoice, verifyInvoice } from '../server/modules/e-invoicing/zatca/sign';
import { FIRST_PIH } from '../server/modules/e-invoicing/zatca/standards';

const ROUNDS = Number(process.env.BENCH_EINVOICING_ROUNDS ?? 10);
const PER_ROUND = Number(process.env.BENCH_EINVOICING_PER_ROUND ?? 200);
const CHAIN = Number(process.env.BENCH_EINVOICING_CHAIN ?? 1_000);
const TARGET_RATIO = 3;

const LINES: InvoiceLine[] = [
  ...STANDARD_LINES,
  ...Array.from({ length: 6 }, (_, n): InvoiceLine => ({ name: `بلاط بورسلان ${60 + n * 10}×${60 + n * 10}`, quantity: 12.5 + n, unitPrice: 4_575 + n * 101, vatCategory: 'S' })),
  ...ZERO_RATED_LINES,
  ...EXEMPT_LINES,
];

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)] ?? NaN;
const p95 = (xs: number[]) => quantile(xs, 0.95);
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The n-th invoice of the run: its own number, UUID and counter, so nothing is reused between iterations. */
const nth = (n: number, pih: string): InvoiceDocument =>
  invoiceOf(LINES, { id: `INV-${n}`, uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, icv: n + 1, pih });

function main() {
  const keys = unitKeys();
  const key = createPrivateKey(keys.privateKeyPem);
  const precomputed = createHash('sha256').update('an invoice').digest();

  const issueMs: number[] = [];
  const baseMs: number[] = [];
  let n = 0;
  let sink = 0;
  const issueOnce = () => {
    const t = performance.now();
    const signed = buildSignedInvoice(nth(n++, FIRST_PIH), keys);
    issueMs.push(performance.now() - t);
    sink += signed.qr.length;
  };
  const baselineOnce = () => {
    const t = performance.now();
    const signature = sign('sha256', precomputed, { key, dsaEncoding: 'der' });
    const xml = buildInvoiceXml(nth(n++, FIRST_PIH));
    baseMs.push(performance.now() - t);
    sink += signature.length + xml.length;
  };
  // Warm-up: JIT, the key and certificate caches, the first parse.
  for (let i = 0; i < 100; i++) {
    issueOnce();
    baselineOnce();
  }
  issueMs.length = 0;
  baseMs.length = 0;
  // One of each in turn: on a shared machine a pause lands on either with the same odds.
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < PER_ROUND; i++) {
      issueOnce();
      baselineOnce();
    }
  }

  // The chain: each invoice's PIH is the previous one's hash, its ICV one more.
  let pih = FIRST_PIH;
  const documents: string[] = [];
  const chainStart = performance.now();
  for (let i = 0; i < CHAIN; i++) {
    const signed = buildSignedInvoice(nth(i, pih), keys);
    documents.push(signed.xml);
    pih = signed.hash;
  }
  const chainIssueMs = performance.now() - chainStart;
  let previous = FIRST_PIH;
  let broken = 0;
  documents.forEach((xml, i) => {
    const v = verifyInvoice(xml);
    const statedPih = /<cbc:ID>PIH<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]*)</.exec(xml)?.[1];
    const statedIcv = /<cbc:ID>ICV<\/cbc:ID>\s*<cbc:UUID>(\d+)</.exec(xml)?.[1];
    if (!v.hashOk || !v.signatureOk || !v.qrOk || statedPih !== previous || statedIcv !== String(i + 1)) broken++;
    previous = v.hash;
  });
  if (broken) throw new Error(`${broken} of ${CHAIN} invoices break the chain`);

  const result = {
    lines: LINES.length,
    invoices_each: issueMs.length,
    issue_p95_ms: round3(p95(issueMs)),
    baseline_p95_ms: round3(p95(baseMs)),
    ratio: Math.round((p95(issueMs) / p95(baseMs)) * 100) / 100,
    issue_median_ms: round3(quantile(issueMs, 0.5)),
    baseline_median_ms: round3(quantile(baseMs, 0.5)),
    target_ratio: TARGET_RATIO,
    chain_invoices: CHAIN,
    chain_unbroken: true,
    chain_issue_ms: Math.round(chainIssueMs),
  };
  saveResults('e_invoicing', result);
  table([
    { benchmark: `issue a ${result.lines}-line ZATCA invoice (document, hash, XAdES, QR), p95 of ${result.invoices_each}`, value: `${result.issue_p95_ms} ms (median ${result.issue_median_ms})`, baseline: `secp256k1 signature + XML serialisation: ${result.baseline_p95_ms} ms (median ${result.baseline_median_ms}), target <= ${TARGET_RATIO}x`, ratio: result.ratio },
    { benchmark: `${CHAIN} invoices of one seller in a row, PIH and ICV checked from the documents`, value: `unbroken, issued in ${result.chain_issue_ms} ms`, baseline: '', ratio: '' },
  ]);
  if (sink < 0) console.log(sink);
}

main();
