/**
 * What the audit trail screen shows of a row: the action in the reader's words (the code
 * itself when this build has no label for it, say a newer server's), the record, each
 * changed field as before → after, and the moment in Riyadh's time whatever the device's
 * zone (the trail is a record of the Saudi marketplace; two readers must read one time).
 */
import type { TFunction } from 'i18next';
import { RIYADH_ZONE } from '../../../shared/riyadh';
import type { AuditEntry } from '../../data/api/audit';
import { dateTimeFormat } from '../../i18n/format';
import { intlLocaleOf } from '../../i18n/languages';

export type AuditT = TFunction<'audit'>;

/** The record types the server writes (server/modules/*: recordAudit's record_type), each with a name. */
const RECORD_TYPES = ['company_invite', 'company_member', 'invoice', 'payment', 'product', 'project', 'purchase_order', 'purchase_request', 'rfq', 'user'] as const;
type RecordType = (typeof RECORD_TYPES)[number];
const isKnownRecord = (type: string): type is RecordType => (RECORD_TYPES as readonly string[]).includes(type);

export function actionLabel(action: string, t: AuditT): string {
  return t(`actions.${action as AuditEntry['action']}`, { defaultValue: action });
}

/** A record type's name (the type itself for one this build does not know). */
export function recordTypeLabel(type: string, t: AuditT): string {
  return isKnownRecord(type) ? t(`records.${type}`) : type;
}

export function recordLabel(entry: Pick<AuditEntry, 'record_type' | 'record_id'>, t: AuditT): string {
  return `${recordTypeLabel(entry.record_type, t)} ${entry.record_id}`;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A value as one line: nothing as a dash, an instant in Riyadh's time, other text as is, anything else as its JSON. */
export function valueText(value: unknown, lng: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return INSTANT.test(value) ? riyadhMoment(value, lng) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export interface ChangeLine {
  field: string;
  before: string;
  after: string;
}

/** The changed fields in the order the server wrote them. */
export function changeLines(changes: AuditEntry['changes'], lng: string): ChangeLine[] {
  return Object.entries(changes).map(([field, [before, after]]) => ({ field, before: valueText(before, lng), after: valueText(after, lng) }));
}

/** When, in Riyadh: the date and the time of day to the second, in the reader's language. */
export function riyadhMoment(at: string, lng: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return dateTimeFormat(intlLocaleOf(lng), { dateStyle: 'medium', timeStyle: 'medium', timeZone: RIYADH_ZONE }).format(date);
}
