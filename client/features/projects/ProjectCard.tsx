import { Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../shared/schemas/project';
import type { RowKey } from '../../data/db/schema';
import { usePendingKeys } from '../../data/local/hooks';
import { intlLocaleOf } from '../../i18n/languages';
import { dateTimeFormat, isolate, useFormat } from '../../i18n/format';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { ProjectStatusBadge } from './ProjectStatusBadge';

const useStyles = makeStyles({
  card: { display: 'grid', gap: tokens.spacingVerticalS },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap', alignItems: 'center' },
  meta: { color: tokens.colorNeutralForeground2, display: 'grid', gap: tokens.spacingVerticalXXS },
  description: { whiteSpace: 'pre-wrap' },
});

/** The deadline day in the reader's calendar and, beside it, in the Hijri (Umm al-Qura) calendar. */
function useDeadline(date: string | null) {
  const format = useFormat();
  if (!date) return null;
  const day = new Date(`${date}T12:00:00Z`);
  const hijri = dateTimeFormat(`${intlLocaleOf(format.lng)}-u-ca-islamic-umalqura`, { dateStyle: 'medium', timeZone: 'UTC' }).format(day);
  return { date: dateTimeFormat(`${intlLocaleOf(format.lng)}-u-ca-gregory`, { dateStyle: 'medium', timeZone: 'UTC' }).format(day), hijri };
}

/**
 * A project as both roles see it; the actions of the caller's role come as children.
 * Refusals of actions on the project, and on `alsoKeys` (the caller's bid), show on it once.
 */
export function ProjectCard({ project, alsoKeys = [], children }: { project: Project; alsoKeys?: RowKey[]; children?: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const format = useFormat();
  const pending = usePendingKeys().has(`project:${project.id}`);
  const deadline = useDeadline(project.deadline_date);
  return (
    <Card className={styles.card} data-testid="project-card" data-project-id={project.id}>
      <CardHeader
        header={
          <Text as="h3" weight="semibold" size={400} style={{ margin: 0 }}>
            <bdi>{project.title}</bdi>
          </Text>
        }
        description={project.government_name ? t('card.by', { name: isolate(project.government_name) }) : undefined}
        action={
          <span className={styles.badges}>
            <ProjectStatusBadge status={project.status} />
            {pending && <PendingBadge />}
          </span>
        }
      />
      <Text className={styles.description}>
        <bdi>{project.description}</bdi>
      </Text>
      <div className={styles.meta}>
        <Text>{t('card.location', { location: isolate(project.location) })}</Text>
        <Text>{project.budget !== null ? t('card.budget', { amount: format.sar(project.budget) }) : t('card.noBudget')}</Text>
        <Text>{deadline ? t('card.deadline', deadline) : t('card.noDeadline')}</Text>
        <Text>{t('card.bids', { count: project.bid_count })}</Text>
      </div>
      <RefusalNote rowKey={[`project:${project.id}`, ...alsoKeys]} />
      {children}
    </Card>
  );
}
