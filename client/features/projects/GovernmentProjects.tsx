import { Button, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectLifecycle, type ProjectStatus } from '../../../shared/lifecycles/projects';
import { nextStatuses } from '../../../shared/lifecycle';
import type { Project } from '../../../shared/schemas/project';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ListSkeleton } from '../../ui/ListStates';
import { OwnerTender } from '../tender/OwnerTender';
import { TenderQuestions } from '../tender/TenderQuestions';
import { TenderDocuments } from '../tender/TenderDocuments';
import { useTenderPhase } from '../tender/queries';
import { isFinancialSealed } from '../../../shared/tender';
import { BidsList } from './BidsList';
import { useProjectMutations } from './mutations';
import { ProjectCard } from './ProjectCard';
import { ProjectDialog } from './ProjectDialog';
import { useBidCountOn, useMyProjects } from './queries';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalM },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  tabs: { overflowX: 'auto' },
});

function OwnProject({ project }: { project: Project }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const { close } = useProjectMutations();
  const phase = useTenderPhase(project);
  // The bids are sealed until the opening: none are on this device before it; in a
  // two-envelope tender, until its financial opening, and a failed bid's never.
  const opened = phase !== 'bidding' && project.opened_at !== null && !isFinancialSealed(project);
  const [showBids, setShowBids] = useState(project.status === 'open');
  // A two-envelope tender's bids on this device are those that passed, not all it received.
  const passed = useBidCountOn(project.id, opened && project.envelopes === 2);
  const count = project.envelopes === 2 ? passed : project.bid_count;
  const moves = nextStatuses(projectLifecycle, project.status, 'owner');
  return (
    <ProjectCard project={project}>
      <OwnerTender project={project} phase={phase} />
      <TenderDocuments project={project} owner open={project.status === 'open' && phase === 'bidding'} />
      <TenderQuestions project={project} owner />
      <div className={styles.row}>
        {opened && !!count && (
          <Button onClick={() => setShowBids((s) => !s)} aria-expanded={showBids} data-testid="toggle-bids">
            {showBids ? t('bids.hide') : t('bids.show', { count })}
          </Button>
        )}
        {moves.includes('completed') && (
          <ConfirmButton question={t('close.complete')} confirmLabel={t('close.confirm')} cancelLabel={t('close.back')} onConfirm={() => void close(project.id, 'completed')} testId="complete-project">
            {t('close.complete')}
          </ConfirmButton>
        )}
        {moves.includes('cancelled') && (
          <ConfirmButton question={t('close.cancelConfirm')} confirmLabel={t('close.confirm')} cancelLabel={t('close.back')} onConfirm={() => void close(project.id, 'cancelled')} testId="cancel-project">
            {t('close.cancel')}
          </ConfirmButton>
        )}
      </div>
      {opened && showBids && <BidsList project={project} phase={phase} />}
    </ProjectCard>
  );
}

/** A government's projects screen: post projects, see the sealed bids, award, complete or cancel. */
export function GovernmentProjects() {
  const styles = useStyles();
  const { t } = useTranslation(['projects', 'common']);
  const projects = useMyProjects();
  const [filter, setFilter] = useState<ProjectStatus | 'all'>('all');
  const [posting, setPosting] = useState(false);
  const shown = projects?.filter((p) => filter === 'all' || p.status === filter);
  return (
    <>
      <div className={styles.row}>
        <Text className={styles.muted}>{t('government.intro')}</Text>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setPosting(true)} data-testid="post-project">
          {t('government.post')}
        </Button>
      </div>
      <TabList className={styles.tabs} selectedValue={filter} onTabSelect={(_, d) => setFilter(d.value as ProjectStatus | 'all')} aria-label={t('filter.label')}>
        <Tab value="all">{t('filter.all')}</Tab>
        {projectLifecycle.states.map((s) => (
          <Tab key={s} value={s}>
            {t(`status.${s}`)}
          </Tab>
        ))}
      </TabList>
      <div className={styles.list}>
        {!shown ? (
          <ListSkeleton label={t('common:status.loading')} />
        ) : shown.length ? (
          shown.map((p) => <OwnProject key={p.id} project={p} />)
        ) : (
          <Text className={styles.muted}>{projects?.length ? t('government.emptyFiltered') : t('government.empty')}</Text>
        )}
      </div>
      <ProjectDialog open={posting} onClose={() => setPosting(false)} />
    </>
  );
}
