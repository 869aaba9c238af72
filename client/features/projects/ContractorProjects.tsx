import { Button, Select, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { memo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Bid } from '../../../shared/schemas/bid';
import type { Project } from '../../../shared/schemas/project';
import { useIsPending } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ListSkeleton } from '../../ui/ListStates';
import { SearchField } from '../../ui/SearchField';
import { PendingBadge } from '../../ui/PendingBadge';
import { BidDialog } from './BidDialog';
import { riyadhToday } from './deadline';
import { BidReceipt } from '../tender/BidReceipt';
import { BidderTender } from '../tender/BidderTender';
import { TenderQuestions } from '../tender/TenderQuestions';
import { TenderDocuments } from '../tender/TenderDocuments';
import { useTenderPhase } from '../tender/queries';
import { RefusalNote } from '../../ui/RefusalNote';
import { SubmittedBy } from '../../ui/SubmittedBy';
import { useProjectMutations } from './mutations';
import { BidStatusBadge } from './ProjectStatusBadge';
import { ProjectTransport } from '../transport/DealTransport';
import { ProjectCard } from './ProjectCard';
import { useMyBidOn, useMyBids, useOpenProjects, useTechnicalEnvelope } from './queries';
import { TechnicalResultLine } from './TechnicalResultLine';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalM },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  mine: { display: 'grid', gap: tokens.spacingVerticalXXS },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, '& > *': { flexGrow: 1 } },
});

export type ProjectFilter = 'all' | 'notBid' | 'closingSoon' | 'withBudget';

/** The contractor's filters over the open projects: not bid on yet, closing within a week, with a budget. */
export function filterProjects(projects: Project[], filter: ProjectFilter, bidOn: Set<string>, today = riyadhToday()): Project[] {
  const weekAhead = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  return projects.filter((p) =>
    filter === 'notBid'
      ? !bidOn.has(p.id)
      : filter === 'closingSoon'
        ? p.deadline_date !== null && p.deadline_date >= today && p.deadline_date <= weekAhead
        : filter === 'withBudget'
          ? p.budget !== null
          : true,
  );
}

function MyBidLine({ bid, opened = false }: { bid: Bid; opened?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const format = useFormat();
  const pending = useIsPending(`bid:${bid.id}`);
  const days = bid.estimated_completion_days;
  return (
    <div className={styles.mine} data-testid="my-bid" data-bid-id={bid.id}>
      <div className={styles.row}>
        <Text weight="semibold">
          {days ? t('bid.mine', { amount: format.sar(bid.amount), days: t('bid.days', { count: days }) }) : t('bid.mineNoDays', { amount: format.sar(bid.amount) })}
        </Text>
        <BidStatusBadge status={bid.status} />
        {pending && <PendingBadge />}
      </div>
      <SubmittedBy name={bid.created_by_name} />
      <TechnicalResultLine bid={bid} opened={opened} />
      {bid.status !== 'withdrawn' && <BidReceipt bidId={bid.id} digest={bid.digest} receivedAt={bid.received_at} waiting={pending} />}
    </div>
  );
}

/**
 * An open project with the contractor's bid on it. Memoised on the row: a bid placed on
 * one project renders again only that project's actions, not every card of the list.
 */
const OpenProject = memo(function OpenProject({ project }: { project: Project }) {
  const mine = useMyBidOn(project.id);
  // A refusal of the bid shows on the card once, with those of the project.
  return (
    <ProjectCard project={project} alsoKeys={mine ? [`bid:${mine.id}`] : []}>
      <OpenProjectActions project={project} live={mine} />
      <TenderDocuments project={project} />
      <TenderQuestions project={project} />
    </ProjectCard>
  );
});

/** The contractor's bid on an open project and the bid, update and withdraw actions. */
function OpenProjectActions({ project, live }: { project: Project; live: Bid | null | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const { withdrawBid } = useProjectMutations();
  // The bid dialog: open; closed and gone; or closed while the bid it showed is being stored
  // (kept, so a write that could not be stored opens it again with what was typed).
  const [dialog, setDialog] = useState<'open' | 'storing' | 'closed'>('closed');
  // The bid the dialog stored, shown with the dialog's closing in the task that stored it,
  // until the live query brings the row (the same row, read again a moment later). So the
  // dialog goes and the amount shows in one render and one frame, without waiting for
  // that read; a bid read since the dialog stored its own is the newer and shown instead.
  const [stored, setStored] = useState<{ bid: Bid; over: Bid | null | undefined } | null>(null);
  const mine = stored && stored.over === live ? stored.bid : live;
  // Bids are taken, changed and withdrawn until the opening, not after.
  const phase = useTenderPhase(project);
  const closed = phase !== 'bidding';
  const active = mine && mine.status === 'submitted';
  const envelope = useTechnicalEnvelope(mine?.technical ? mine.id : undefined);
  return (
    <>
      {mine && <MyBidLine bid={mine} opened={closed} />}
      {mine && <BidderTender project={project} bid={mine} phase={phase} />}
      {closed ? (
        !mine && <Text className={styles.muted}>{t('card.deadlinePassed')}</Text>
      ) : (
        <div className={styles.row}>
          {(!mine || active) && (
            <Button appearance="primary" onClick={() => setDialog('open')} data-testid="bid-button">
              {mine ? t('bid.update') : t('bid.place')}
            </Button>
          )}
          {active && (
            <ConfirmButton
              question={t('bid.withdrawConfirm')}
              confirmLabel={t('bid.withdraw')}
              cancelLabel={t('bid.cancel')}
              onConfirm={() => void withdrawBid(mine.id)}
              testId="withdraw-bid"
            >
              {t('bid.withdraw')}
            </ConfirmButton>
          )}
        </div>
      )}
      {dialog !== 'closed' && (
        <BidDialog
          project={project}
          existing={mine ?? null}
          envelope={envelope}
          open={dialog === 'open'}
          onClose={() => setDialog('closed')}
          onStored={(bid) =>
            flushSync(() => {
              setStored({ bid, over: live });
              setDialog('storing');
            })
          }
          onUndone={() => {
            setStored(null);
            setDialog('open');
          }}
          onSettled={() => setDialog((d) => (d === 'storing' ? 'closed' : d))}
        />
      )}
    </>
  );
}

function MyBidTender({ project, bid }: { project: Project; bid: Bid }) {
  return <BidderTender project={project} bid={bid} phase={useTenderPhase(project)} />;
}

/** A contractor's projects screen: open projects to bid on, and their own sealed bids. */
export function ContractorProjects() {
  const styles = useStyles();
  const { t } = useTranslation(['projects', 'common']);
  const [tab, setTab] = useState<'open' | 'mine'>('open');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ProjectFilter>('all');
  const open = useOpenProjects(search);
  // Read only where shown or filtered on: otherwise every bid written would read all the
  // contractor's bids and their projects again and render the whole list.
  const myBids = useMyBids(tab === 'mine' || filter === 'notBid');
  const projects = open && (filter !== 'notBid' || myBids) ? filterProjects(open, filter, new Set((myBids ?? []).map(({ bid }) => bid.project_id))) : undefined;
  return (
    <>
      <Text as="p" className={styles.muted}>
        {t('contractor.intro')}
      </Text>
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as 'open' | 'mine')}>
        <Tab value="open" data-testid="tab-open-projects">
          {t('contractor.tabOpen')}
        </Tab>
        <Tab value="mine" data-testid="tab-my-bids">
          {t('contractor.tabMine')}
        </Tab>
      </TabList>
      {tab === 'open' ? (
        <div className={styles.list}>
          <div className={styles.filters} role="search">
            <SearchField placeholder={t('contractor.search')} aria-label={t('contractor.search')} value={search} onChange={(_, d) => setSearch(d.value)} />
            <Select aria-label={t('filter.label')} value={filter} onChange={(_, d) => setFilter(d.value as ProjectFilter)} data-testid="project-filter">
              {(['all', 'notBid', 'closingSoon', 'withBudget'] as const).map((f) => (
                <option key={f} value={f}>
                  {t(`contractor.filters.${f}`)}
                </option>
              ))}
            </Select>
          </div>
          {!projects ? (
            <ListSkeleton label={t('common:status.loading')} />
          ) : projects.length ? (
            projects.map((p) => <OpenProject key={p.id} project={p} />)
          ) : (
            <Text className={styles.muted}>{t('contractor.empty')}</Text>
          )}
        </div>
      ) : (
        <div className={styles.list}>
          {!myBids ? (
            <ListSkeleton label={t('common:status.loading')} />
          ) : myBids.length ? (
            myBids.map(({ bid, project }) =>
              project ? (
                <ProjectCard key={bid.id} project={project} alsoKeys={[`bid:${bid.id}`]}>
                  <MyBidLine bid={bid} opened={!!project.opened_at} />
                  <MyBidTender project={project} bid={bid} />
                  {bid.status === 'accepted' && <ProjectTransport project={project} />}
                </ProjectCard>
              ) : (
                <div key={bid.id} className={styles.list}>
                  <Text weight="semibold">{t('bid.project', { title: bid.project_title })}</Text>
                  <MyBidLine bid={bid} />
                  <RefusalNote rowKey={`bid:${bid.id}`} />
                </div>
              ),
            )
          ) : (
            <Text className={styles.muted}>{t('contractor.noBids')}</Text>
          )}
        </div>
      )}
    </>
  );
}
