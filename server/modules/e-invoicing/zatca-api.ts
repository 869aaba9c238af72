/**
 * ZATCA's e-invoicing API (Fatoora), as its developer portal documents the paths and
 * shapes, at config.einvoicing.zatcaApiUrl: ZATCA's simulation or production, or this
 * server's development ZATCA (dev-zatca.ts) on the same paths.
 *
 * - POST /compliance (header OTP, {csr}) -> a compliance CSID: {requestID,
 *   binarySecurityToken, secret, dispositionMessage};
 * - POST /compliance/invoices (basic auth, {invoiceHash, uuid, invoice}) -> validation
 *   results with clearanceStatus or reportingStatus;
 * - POST /production/csids (basic auth, {compliance_request_id}) -> a production CSID;
 * - POST /invoices/clearance/single (basic auth, header Clearance-Status: 1) ->
 *   validation results, clearanceStatus CLEARED or NOT_CLEARED, clearedInvoice;
 * - POST /invoices/reporting/single (basic auth, header Clearance-Status: 0) -> a
 *   simplified document's validation results, reportingStatus REPORTED (200, or 202
 *   with warnings) or NOT_REPORTED (400); the document stays as the seller signed it.
 * Every call says Accept-Version: V2 and the language of the messages wanted. Basic auth
 * is base64(binarySecurityToken:secret).
 *
 * A 4xx answer with a JSON body is ZATCA speaking (its messages are returned or thrown as
 * ZatcaRefusal); anything else (no answer, 5xx, not JSON) is ZatcaUnavailable.
 */
import type { Config } from '../../config';
import type { ZatcaMessage } from '../../../shared/schemas/einvoicing';
import type { ZatcaCredentials } from './secrets';
import { jsonAnswer } from '../../http/outbound';

export interface CsidAnswer {
  requestID: number | string;
  dispositionMessage: string;
  binarySecurityToken: string;
  secret: string;
}

interface ValidationResults {
  infoMessages: ZatcaMessage[];
  warningMessages: ZatcaMessage[];
  errorMessages: ZatcaMessage[];
  /** PASS, WARNING or ERROR */
  status: string;
}

export interface DocumentAnswer {
  validationResults: ValidationResults;
  clearanceStatus?: 'CLEARED' | 'NOT_CLEARED' | null;
  reportingStatus?: 'REPORTED' | 'NOT_REPORTED' | null;
  /** clearance: the cleared document, base64 */
  clearedInvoice?: string | null;
}

export interface DocumentBody {
  invoiceHash: string;
  uuid: string;
  /** the signed document, base64 */
  invoice: string;
}

/** ZATCA answered and refused: its status and messages. */
export class ZatcaRefusal extends Error {
  constructor(
    readonly status: number,
    readonly messages: ZatcaMessage[],
    readonly body: unknown,
  ) {
    super(`ZATCA refused (${status}): ${messages.map((m) => m.message).join('; ') || JSON.stringify(body)}`);
  }
}

/** ZATCA did not answer, or not as its API does. */
export class ZatcaUnavailable extends Error {}

const basic = ({ token, secret }: ZatcaCredentials) => `Basic ${Buffer.from(`${token}:${secret}`).toString('base64')}`;

/** ZATCA's messages in any of the shapes its refusals take (validationResults, errors[], a lone message). */
export function messagesOf(body: unknown): ZatcaMessage[] {
  const b = (body ?? {}) as Record<string, unknown>;
  const results = b.validationResults as Partial<ValidationResults> | undefined;
  const list: unknown[] = results
    ? [...(results.errorMessages ?? []), ...(results.warningMessages ?? [])]
    : Array.isArray(b.errors)
      ? b.errors
      : b.message || b.code
        ? [b]
        : [];
  return list.map((m) => {
    const x = (m ?? {}) as Record<string, unknown>;
    return {
      type: String(x.type ?? 'ERROR'),
      code: String(x.code ?? ''),
      category: x.category == null ? null : String(x.category),
      message: String(x.message ?? ''),
    };
  });
}

/** How long a call waits for ZATCA before it counts as no answer. */
const CALL_TIMEOUT_MS = 30_000;
/**
 * Clearance and reporting wait longer: they run in the clearance worker, never inside a
 * request, and a large document takes long to judge (the development ZATCA runs ZATCA's
 * rules in about a minute on a 500-line invoice). The worker's lease on the seller's
 * chain (invoices/clearance-queue.ts) outlasts it.
 */
export const DOCUMENT_TIMEOUT_MS = 300_000;

interface CallOptions {
  auth?: ZatcaCredentials;
  headers?: Record<string, string>;
  /** statuses whose body is the answer (a clearance that refuses is 400 with its results) */
  answers?: number[];
  timeoutMs?: number;
}

/** The client for one configuration; `language`: the messages' language (ar or en). */
export function zatcaApi(config: Pick<Config, 'einvoicing'>, language: 'ar' | 'en' = 'en') {
  const base = config.einvoicing.zatcaApiUrl;

  async function call<T>(path: string, body: unknown, opts: CallOptions = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Accept-Version': 'V2',
          'Accept-Language': language,
          ...(opts.auth ? { Authorization: basic(opts.auth) } : {}),
          ...opts.headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? CALL_TIMEOUT_MS),
      });
    } catch (err) {
      throw new ZatcaUnavailable(`ZATCA did not answer: ${(err as Error).message}`);
    }
    const json = await jsonAnswer(res, (message) => new ZatcaUnavailable(`ZATCA ${message}`));
    if (res.ok || opts.answers?.includes(res.status)) return json as T;
    if (res.status >= 400 && res.status < 500) throw new ZatcaRefusal(res.status, messagesOf(json), json);
    throw new ZatcaUnavailable(`ZATCA answered ${res.status}`);
  }

  return {
    /** A compliance CSID for a CSR (the PEM, base64), with the OTP from the Fatoora portal. */
    complianceCsid: (otp: string, csr: string) => call<CsidAnswer>('/compliance', { csr }, { headers: { OTP: otp } }),
    /** One compliance check of a sample document, signed with the compliance certificate. */
    complianceCheck: (auth: ZatcaCredentials, doc: DocumentBody) => call<DocumentAnswer>('/compliance/invoices', doc, { auth, answers: [400] }),
    /** The production CSID, once the compliance checks have passed. */
    productionCsid: (auth: ZatcaCredentials, complianceRequestId: string) =>
      call<CsidAnswer>('/production/csids', { compliance_request_id: complianceRequestId }, { auth }),
    /** Clearance of a standard tax invoice or credit note: answered CLEARED (with the cleared document) or NOT_CLEARED. */
    clear: (auth: ZatcaCredentials, doc: DocumentBody) =>
      call<DocumentAnswer>('/invoices/clearance/single', doc, { auth, headers: { 'Clearance-Status': '1' }, answers: [400], timeoutMs: DOCUMENT_TIMEOUT_MS }),
    /** Reporting of a simplified tax invoice or credit note: answered REPORTED or NOT_REPORTED. */
    report: (auth: ZatcaCredentials, doc: DocumentBody) =>
      call<DocumentAnswer>('/invoices/reporting/single', doc, { auth, headers: { 'Clearance-Status': '0' }, answers: [400], timeoutMs: DOCUMENT_TIMEOUT_MS }),
  };
}

export type ZatcaApi = ReturnType<typeof zatcaApi>;
