/**
 * How a site's approval levels read on a request: each level's band (up to an amount,
 * above the one before, any amount) and who approves at it, by name where the device
 * knows the company's people (read online) or the decision carries it.
 */
import { useTranslation } from 'react-i18next';
import type { ApprovalLevel } from '../../../shared/approval-levels';
import { useFormat } from '../../i18n/format';
import { intlLocaleOf } from '../../i18n/languages';
import { useSiteMembers } from '../sites/members';

/** The band of level `n` (1-based) of `levels`: its top, else above the level before's, else any amount. */
function levelBand(levels: readonly ApprovalLevel[], n: number): { kind: 'upTo' | 'above' | 'any'; amount: number | null } {
  const top = levels[n - 1]?.up_to_amount ?? null;
  if (top !== null) return { kind: 'upTo', amount: top };
  const below = n >= 2 ? (levels[n - 2]?.up_to_amount ?? null) : null;
  return below !== null ? { kind: 'above', amount: below } : { kind: 'any', amount: null };
}

/** A level's name and band as one phrase: "المستوى ٢ (أكثر من ٥٠٬٠٠٠ ر.س)". */
export function useLevelLabel() {
  const { t } = useTranslation('purchase-requests');
  const format = useFormat();
  return (levels: readonly ApprovalLevel[], n: number) => {
    const band = levelBand(levels, n);
    const range = band.kind === 'any' ? t('level.any') : t(`level.${band.kind}`, { amount: format.sar(band.amount ?? 0) });
    return `${t('level.name', { n: format.number(n) })} (${range})`;
  };
}

/** People's names as the screens show them: "you" for the reader, a member's name, else "a member". */
export function usePeopleNames(me: string | null) {
  const { t, i18n } = useTranslation('purchase-requests');
  const members = useSiteMembers();
  const nameOf = (id: string) => (id === me ? t('you') : (members.nameOf(id) ?? t('someone')));
  const names = new Intl.ListFormat(intlLocaleOf(i18n.resolvedLanguage), { type: 'conjunction' });
  return { nameOf, list: (ids: readonly string[]) => (ids.length ? names.format(ids.map(nameOf)) : t('detail.noApprovers')) };
}
