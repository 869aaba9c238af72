import { Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../shared/schemas/project';
import { shownProjectStatus } from '../../../shared/tender';
import type { RowKey } from '../../data/db/schema';
import { useIsPending } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { TenderPhaseBadge } from '../tender/TenderPhaseBadge';
import { TenderTimeline } from '../tender/TenderTimeline';
import { useTenderPhase } from '../tender/queries';
import { ProjectStatusBadge } from './ProjectStatusBadge';
import { OpenDataLink } from './OpenDataLink';
import { DeadlineLine } from './DeadlineLine';
import { EnvelopesLine } from './EnvelopesLine';

const useStyles = makeStyles({
  card: { display: 'grid', gap: tokens.spacingVerticalS },
  // A badge keeps its words on one line (a two-word phase wrapped inside a narrow column).
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap', alignItems: 'center', '& .fui-Badge': { whiteSpace: 'nowrap' } },
  meta: { color: tokens.colorNeutralForeground2, display: 'grid', gap: tokens.spacingVerticalXXS },
  description: { whiteSpace: 'pre-wrap' },
});

/**
 * A project as both roles see it; the actions of the caller's role come as children.
 * Refusals of actions on the project, and on `alsoKeys` (the caller's bid), show on it once.
 */
export function ProjectCard({ project, alsoKeys = [], children }: { project: Project; alsoKeys?: RowKey[]; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} data-testid="project-card" data-project-id={project.id}>
      <ProjectDetails project={project} />
      <RefusalNote rowKey={[`project:${project.id}`, ...alsoKeys]} />
      {children}
    </Card>
  );
}

/**
 * What the card says of the project itself, memoised on the row: a change in the actions
 * below it (a bid placed, a dialog closed) does not render it again.
 */
const ProjectDetails = memo(function ProjectDetails({ project }: { project: Project }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const format = useFormat();
  const pending = useIsPending(`project:${project.id}`);
  const phase = useTenderPhase(project);
  return (
    <>
      <CardHeader
        header={
          <Text as="h2" weight="semibold" size={400} style={{ margin: 0 }}>
            <bdi>{project.title}</bdi>
          </Text>
        }
        description={project.government_name ? t('card.by', { name: project.government_name }) : undefined}
        action={
          <span className={styles.badges}>
            <ProjectStatusBadge status={shownProjectStatus(project.status, phase)} />
            <TenderPhaseBadge phase={phase} />
            {pending && <PendingBadge />}
          </span>
        }
      />
      <Text className={styles.description}>
        <bdi>{project.description}</bdi>
      </Text>
      <div className={styles.meta}>
        <Text>{t('card.location', { location: project.location })}</Text>
        <Text>{project.budget !== null ? t('card.budget', { amount: format.sar(project.budget) }) : t('card.noBudget')}</Text>
        <DeadlineLine project={project} />
        <EnvelopesLine project={project} />
        <TenderTimeline project={project} phase={phase} />
        {/* null: sealed until the opening, for everyone but the owner. */}
        {project.bid_count !== null && (
          <Text data-testid="bid-count" data-count={project.bid_count}>
            {t('card.bids', { count: project.bid_count })}
          </Text>
        )}
        {/* A project still on its way to the server has no open data yet. */}
        {!pending && <OpenDataLink projectId={project.id} />}
      </div>
    </>
  );
});
