/**
 * Where ZATCA's published material sits in the repository (shared/standards/zatca, taken
 * from ZATCA's e-invoicing SDK under the LGPL 3.0 licence in that folder): the UBL 2.1
 * schemas, the BR-KSA and EN 16931 rules, ZATCA's sample invoices and the first
 * invoice's previous-invoice hash. Resolved from this file so the server and the tests
 * find it from any working directory.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ZATCA_STANDARDS = fileURLToPath(new URL('../../../../shared/standards/zatca', import.meta.url));
export const SAMPLES = `${ZATCA_STANDARDS}/samples`;

/** The previous-invoice hash of a unit's first invoice: base64 of the hex SHA-256 of "0". */
export const FIRST_PIH = readFileSync(`${SAMPLES}/first-pih.txt`, 'utf8').trim();
