import { Text } from '@fluentui/react-components';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { formatTenderMoment } from './dates';

/**
 * One sentence of the tender (`tender:<key>`) naming a moment, with the Gregorian date and
 * time in Riyadh and the Hijri date beside it ({{date}} and {{hijri}}).
 */
export function TenderMomentText({ i18nKey, at, testId }: { i18nKey: ParseKeys<'tender'>; at: string; testId: string }) {
  const { t } = useTranslation('tender');
  const format = useFormat();
  const moment = formatTenderMoment(at, format.lng);
  if (!moment) return null;
  return (
    <Text data-testid={testId} data-at={at}>
      {t(i18nKey, { date: moment.gregorian, hijri: moment.hijri })}
    </Text>
  );
}
