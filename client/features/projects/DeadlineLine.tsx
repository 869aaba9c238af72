import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../shared/schemas/project';
import { RIYADH_ZONE, riyadhDay, riyadhDayEnd } from '../../../shared/riyadh';
import { dateTimeFormat, useFormat } from '../../i18n/format';
import { intlLocaleOf } from '../../i18n/languages';
import { useNow } from '../instant-orders/queries';
import { formatTenderMoment } from '../tender/dates';

const MINUTE_MS = 60_000;

/**
 * A project's bidding deadline as a Saudi reader expects it: a date-only deadline as its
 * day (bids are taken to its end), one to the minute with its time in Riyadh, each with
 * the Hijri (Umm al-Qura) date beside it; on the deadline's own day in Riyadh, while it is
 * still ahead, a countdown to it, refreshed every minute. The server decides by its own
 * clock; this only tells the reader how long is left.
 */
export function DeadlineLine({ project }: { project: Pick<Project, 'deadline_at' | 'deadline_date'> }) {
  const { t } = useTranslation('projects');
  const format = useFormat();
  const now = useNow(MINUTE_MS);
  const { deadline_at: at, deadline_date: day } = project;
  if (!at || !day) return <Text data-testid="project-deadline">{t('card.noDeadline')}</Text>;
  const atMs = Date.parse(at);
  const wholeDay = atMs === riyadhDayEnd(day).getTime();
  const locale = intlLocaleOf(format.lng);
  const moment = formatTenderMoment(at, format.lng);
  const text = wholeDay
    ? t('card.deadline', {
        date: dateTimeFormat(`${locale}-u-ca-gregory`, { dateStyle: 'medium', timeZone: RIYADH_ZONE }).format(atMs - 1),
        hijri: dateTimeFormat(`${locale}-u-ca-islamic-umalqura`, { dateStyle: 'medium', timeZone: RIYADH_ZONE }).format(atMs - 1),
      })
    : t('card.deadlineAt', { date: moment?.gregorian ?? '', hijri: moment?.hijri ?? '' });
  const left = atMs - now;
  const lastDay = left > 0 && riyadhDay(now) === day;
  const minutes = Math.ceil(left / MINUTE_MS);
  const unit = (n: number, u: 'hour' | 'minute') => format.number(n, { style: 'unit', unit: u, unitDisplay: 'long' });
  return (
    <>
      <Text data-testid="project-deadline" data-at={at}>
        {text}
      </Text>
      {lastDay && (
        <Text role="timer" weight="semibold" data-testid="deadline-countdown">
          {minutes >= 60
            ? t('card.closesIn', { hours: unit(Math.floor(minutes / 60), 'hour'), minutes: unit(minutes % 60, 'minute') })
            : t('card.closesInMinutes', { minutes: unit(minutes, 'minute') })}
        </Text>
      )}
    </>
  );
}
