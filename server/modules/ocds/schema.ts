/**
 * The published OCDS 1.1.5 schemas (shared/standards/ocds-1.1.5, Apache 2.0, copied
 * unchanged from the Open Contracting Partnership) compiled with Ajv for JSON Schema
 * draft 4, the draft they are written in. The package schema refers to the release schema
 * by its absolute id, so both are registered; nothing is fetched over the network.
 * ajv-formats checks `date-time` and `uri`, which the schemas rely on for every date.
 * The release schema gets the Enquiries extension (enquiry-extension.ts) for tender.enquiries,
 * the Bid extension (bid-extension.ts) for bids.details, and a document's `hash` its pattern (documents.ts).
 */
import Ajv, { type ErrorObject } from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import releasePackageSchema from '../../../shared/standards/ocds-1.1.5/release-package-schema.json';
import releaseSchema from '../../../shared/standards/ocds-1.1.5/release-schema.json';
import { withEnquiries } from './enquiry-extension';
import { withDocumentHash } from './documents';
import { withBids } from './bid-extension';

/** Annotations the OCDS schemas carry beside JSON Schema's own keywords; they validate nothing. */
const OCDS_ANNOTATIONS = ['codelist', 'openCodelist', 'deprecated', 'wholeListMerge', 'omitWhenMerged', 'versionId', 'mergeStrategy', 'mergeOptions'];

let compiled: ReturnType<Ajv['compile']> | undefined;

function validator() {
  if (compiled) return compiled;
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addVocabulary(OCDS_ANNOTATIONS);
  // With the Enquiries and Bid extensions applied, which the releases declare.
  ajv.addSchema(withBids(withDocumentHash(withEnquiries(releaseSchema as never))) as object);
  compiled = ajv.compile(releasePackageSchema as object);
  return compiled;
}

/** Every way `pkg` breaks the OCDS 1.1.5 release package schema, as `path message` lines; empty when valid. */
export function releasePackageErrors(pkg: unknown): string[] {
  const validate = validator();
  if (validate(pkg)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? e.keyword}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}
