/**
 * The commercial register through Wathq (developer.wathq.sa), at config.wathq.apiUrl: Wathq
 * itself (its v4 base), or this server's development register (dev-wathq.ts) on the same
 * path and shape.
 *
 * - GET /commercialregistration/info/{id}, the key in the `apiKey` header; {id} is a CR
 *   number or the unified number starting with 7. 200 answers {cr_info: {cr_name,
 *   cr_number, cr_entity_no, cr_issue_date, cr_expiry_date (Hijri, yyyy/mm/dd),
 *   cr_status: {id, name}, ...}}; 404 (or 400 for a number it does not take) means the
 *   register has no such CR.
 *
 * Anything else (no answer, 401, 5xx, a body that is not the register's) is
 * RegisterUnavailable: the check did not happen and nothing about the company changes.
 */
import type { Config } from '../../config';
import { jsonAnswer } from '../../http/outbound';
import { hijriToGregorian } from './hijri';

/** What the register holds for a CR, as the check reads it. */
export interface RegisterRecord {
  name: string;
  cr_number: string;
  /** the register's status id (`active`, `suspended`, `expired`, ...) */
  status_id: string;
  /** the register's own word for the status */
  status_name: string | null;
  /** the CR's yearly confirmation date (its expiry date in the register), as a Gregorian yyyy-mm-dd */
  confirmation_date: string | null;
}

export class RegisterUnavailable extends Error {
  override name = 'RegisterUnavailable';
}

const TIMEOUT_MS = 10_000;

interface WathqCrInfo {
  cr_name?: unknown;
  cr_number?: unknown;
  cr_expiry_date?: unknown;
  cr_status?: { id?: unknown; name?: unknown } | null;
}

/** The register's record for `id`, or null when it has none. */
export async function lookUpCr(config: Pick<Config, 'wathq'>, id: string): Promise<RegisterRecord | null> {
  let res: Response;
  try {
    res = await fetch(`${config.wathq.apiUrl}/commercialregistration/info/${encodeURIComponent(id)}`, {
      headers: { accept: 'application/json', apiKey: config.wathq.apiKey },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new RegisterUnavailable(`the register did not answer: ${(error as Error).message}`);
  }
  const body = (await jsonAnswer(res, (message) => new RegisterUnavailable(`the register ${message}`))) as { cr_info?: WathqCrInfo };
  if (res.status === 404 || res.status === 400) return null;
  if (res.status !== 200) throw new RegisterUnavailable(`the register answered ${res.status}`);
  const info = body.cr_info;
  if (!info || typeof info.cr_name !== 'string' || typeof info.cr_status?.id !== 'string') {
    throw new RegisterUnavailable('the register answered without a CR record');
  }
  return {
    name: info.cr_name,
    cr_number: String(info.cr_number ?? id),
    status_id: info.cr_status.id,
    status_name: typeof info.cr_status.name === 'string' ? info.cr_status.name.trim() : null,
    confirmation_date: typeof info.cr_expiry_date === 'string' ? hijriToGregorian(info.cr_expiry_date) : null,
  };
}
