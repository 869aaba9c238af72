/**
 * /purchase-requests/{id}: one request from the local store: its site, requester, when it
 * is needed, its lines and amount, and the levels it needs under the site's rules now, each
 * with who decided it and when, or who it waits for. An approver of the next level approves
 * or rejects it (with a reason) right here, offline too: the device shows the decision at
 * once (its local effect) and the server decides again when it arrives; a refusal shows its
 * reason on the request. What it is bought as, or the orders it approves, RequestBuying.tsx.
 */
import { Button, Field, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular, DocumentDismissRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ApprovalLevel } from '../../../shared/approval-levels';
import { MAX } from '../../../shared/schemas/common';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { Facts, type Fact } from '../../ui/Facts';
import { FormDialog } from '../../ui/FormDialog';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { RefusalNote } from '../../ui/RefusalNote';
import { siteKey, useSite, useStoredSite } from '../sites/queries';
import type { AnyRow } from '../../data/db/schema';
import type { RowMap } from '../../data/effects/types';
import { useLevelLabel, usePeopleNames } from './levels';
import { useRequestMutations } from './mutations';
import { useIsPending } from '../../data/local/hooks';
import { requestKey, useMyUserId, useStoredRequest, waitsFor, type Request, type ShownRequest } from './queries';
import { useKindLabel } from './kind';
import { RequestBuying } from './RequestBuying';
import { RequestBadges, useRequestNumber } from './RequestCard';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, overflowWrap: 'anywhere' },
  panel: { display: 'grid', gap: tokens.spacingVerticalM, ...CARD_SURFACE },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  muted: { color: tokens.colorNeutralForeground2 },
  text: { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
  list: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  card: { display: 'grid', gap: tokens.spacingVerticalXXS, padding: tokens.spacingHorizontalS, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: 0 },
  cardHead: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline', fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  row: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  money: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  done: { color: tokens.colorPaletteGreenForeground1 },
  refused: { color: tokens.colorPaletteRedForeground1 },
  next: { fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export function RequestDetail({ id }: { id: string }) {
  const styles = useStyles();
  const { t } = useTranslation('purchase-requests');
  const format = useFormat();
  const me = useMyUserId();
  const live = useStoredRequest(id);
  // The request as this device's decision stored it, shown in the task that stored it until
  // the live query brings the row (the same row, read again a moment later): the level shows
  // decided in one render, without waiting for that read. A row read since is the newer.
  const [decided, setDecided] = useState<{ row: Request; over: Request | null | undefined } | null>(null);
  const row = decided && decided.over === live && decided.row.id === id ? decided.row : live;
  const pending = useIsPending(requestKey(id));
  const request = row && { ...row, pending };
  const number = useRequestNumber();
  const kindLabel = useKindLabel();
  const back = <BackLink to={PATHS.purchaseRequests} label={t('back')} testId="back-to-requests" />;
  if (request === undefined) return <ListSkeleton rows={2} label={t('loading')} />;
  if (request === null)
    return (
      <section className={styles.root} aria-labelledby="screen-title">
        {back}
        {/* A request the server refused to raise is gone from the device: the refusal says why. */}
        <RefusalNote rowKey={requestKey(id)} />
        <h1 id="screen-title" className={styles.title}>
          {t('detail.notFound')}
        </h1>
        <EmptyState icon={<DocumentDismissRegular />} title={t('detail.notFound')} testId="request-missing" />
      </section>
    );
  const facts: Fact[] = [
    { term: t('card.site'), value: <RouterLink to={`${PATHS.sites}/${request.site_id}`}><bdi>{request.site_name}</bdi></RouterLink>, testId: 'request-site-link' },
    { term: t('card.requester'), value: <bdi>{request.requested_by === me ? t('you') : (request.requested_by_name ?? t('someone'))}</bdi> },
    { term: t('card.created'), value: format.date(request.created_at) },
    { term: t('card.neededBy'), value: request.needed_by ? format.date(request.needed_by) : t('card.noNeededBy') },
    { term: t('card.amount'), value: request.amount === null ? t('card.unknownAmount') : format.sar(request.amount), money: request.amount !== null, testId: 'request-amount' },
  ];
  if (request.level_amount !== request.amount)
    facts.push({ term: t('detail.levelAmount'), value: request.level_amount === null ? t('card.unknownAmount') : `${format.sar(request.level_amount)} (${t('detail.levelAmountNote')})`, testId: 'request-level-amount' });
  return (
    <section className={styles.root} aria-labelledby="screen-title" data-testid="request-detail" data-id={request.id} data-status={request.status} data-pending={request.pending || undefined}>
      {back}
      <div className={styles.head}>
        <h1 id="screen-title" className={styles.title}>
          {request.number ? t('detail.title', { number: number(request) }) : t('detail.titleUnsent')}
        </h1>
        <RequestBadges request={request} me={me} />
      </div>
      {request.kind === 'order' && (
        <Text weight="semibold" data-testid="request-kind">
          {kindLabel(request)}
        </Text>
      )}
      {request.pending && <Text className={styles.muted}>{t('detail.waiting')}</Text>}
      <RefusalNote rowKey={requestKey(request.id)} />
      {waitsFor(request, me) && request.next_level !== null && <Decide request={request} level={request.next_level} onDecided={(row) => setDecided(row && { row, over: live })} />}
      <RequestBuying request={request} />
      <div className={styles.panel} role="group" aria-label={t('detail.facts')}>
        <Facts facts={facts} />
        {request.note && (
          <div>
            <Text weight="semibold">{t('detail.note')}</Text>
            <p className={styles.text}>
              <bdi>{request.note}</bdi>
            </p>
          </div>
        )}
        {request.status === 'rejected' && request.reason && (
          <div data-testid="request-reason">
            <Text weight="semibold">{t('detail.reason')}</Text>
            <p className={styles.text}>
              <bdi>{request.reason}</bdi>
            </p>
          </div>
        )}
      </div>
      <Lines request={request} />
      <Approvals request={request} me={me} />
    </section>
  );
}

function Lines({ request }: { request: ShownRequest }) {
  const styles = useStyles();
  const { t } = useTranslation('purchase-requests');
  const format = useFormat();
  const lines = [...request.lines].sort((a, b) => a.position - b.position);
  return (
    <section className={styles.panel} aria-labelledby="lines-title" data-testid="request-lines">
      <h2 id="lines-title" className={styles.h2}>
        {t('detail.lines')}
      </h2>
      <ol className={styles.list}>
        {lines.map((l) => (
          <li key={l.id} className={styles.card} data-testid="request-line" data-id={l.id}>
            <div className={styles.cardHead}>
              <span>{format.number(l.position)}</span>
              <bdi>{l.description}</bdi>
            </div>
            <div className={styles.row}>
              <span className={styles.money}>
                {format.number(l.quantity)} <bdi>{l.unit}</bdi>
              </span>
              <span className={styles.money} data-money>
                {l.estimated_unit_price === null ? t('detail.noPrice') : t('detail.priceEach', { price: format.sar(l.estimated_unit_price) })}
              </span>
            </div>
            {l.budget_line_id && <Text size={200} className={styles.muted}>{t('detail.fromBudget')}</Text>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The levels the request needs, in order: decided ones with who and when, the next with who it waits for, later ones with their approvers. */
function Approvals({ request, me }: { request: ShownRequest; me: string | null }) {
  const styles = useStyles();
  const { t } = useTranslation('purchase-requests');
  const format = useFormat();
  const site = useSite(request.site_id);
  const levels: readonly ApprovalLevel[] = site?.levels ?? [];
  const levelLabel = useLevelLabel();
  const people = usePeopleNames(me);
  const decided = new Map(request.approvals.map((a) => [a.level, a]));
  // Levels decided before the rules changed stay shown beside the ones needed now.
  const shown = [...new Set([...request.required_levels, ...request.approvals.map((a) => a.level)])].sort((a, b) => a - b);
  return (
    <section className={styles.panel} aria-labelledby="approvals-title" data-testid="request-approvals">
      <h2 id="approvals-title" className={styles.h2}>
        {t('detail.approvals')}
      </h2>
      {shown.length === 0 ? (
        <Text className={styles.muted}>{t('detail.noneNeeded')}</Text>
      ) : (
        <ol className={styles.list}>
          {shown.map((n) => {
            const a = decided.get(n);
            const name = a ? (a.decided_by === me ? t('you') : (a.decided_by_name ?? people.nameOf(a.decided_by))) : '';
            return (
              <li key={n} className={styles.card} data-testid="request-level" data-level={n} data-decision={a?.decision ?? (n === request.next_level ? 'next' : 'later')}>
                <div className={styles.cardHead}>{levelLabel(levels, n)}</div>
                {a ? (
                  <>
                    <Text className={a.decision === 'approved' ? styles.done : styles.refused}>
                      {t(a.decision === 'approved' ? 'detail.approvedBy' : 'detail.rejectedBy', { name, at: format.dateTime(a.decided_at) })}
                    </Text>
                    {a.reason && (
                      <p className={styles.text}>
                        <bdi>{a.reason}</bdi>
                      </p>
                    )}
                  </>
                ) : n === request.next_level ? (
                  <Text className={styles.next}>{t('detail.waitingOn', { names: people.list(request.waiting_for) })}</Text>
                ) : (
                  <Text className={styles.muted}>{t('detail.later', { names: people.list(levels[n - 1]?.approver_ids ?? []) })}</Text>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** The approver's two decisions: approve at once (one tap, offline too), or reject with a reason asked for. */
function Decide({ request, level, onDecided }: { request: ShownRequest; level: number; onDecided: (row: Request | null) => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['purchase-requests', 'common']);
  const format = useFormat();
  const number = useRequestNumber();
  const { approve, reject } = useRequestMutations();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  // One approval per tap: held by a ref, not by state, so the tap renders nothing before the
  // write (a render and a frame the write's own IndexedDB answers would wait behind).
  const approving = useRef(false);
  // The rows the approval's effect reads, as this screen holds them, so the level shows
  // approved in the tap's own task (then as stored); until the site is read, once stored.
  const site = useStoredSite(request.site_id);
  const approveNow = async () => {
    if (approving.current) return;
    approving.current = true;
    const { pending: _, ...row } = request;
    const held: RowMap | undefined = site === undefined ? undefined : new Map([[requestKey(request.id), row as unknown as AnyRow], [siteKey(request.site_id), site as unknown as AnyRow | null]]);
    try {
      await approve(request.id, onDecided, held);
    } finally {
      approving.current = false;
    }
  };
  const run = async (write: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await write();
    } finally {
      setBusy(false);
    }
  };
  const submitReject = async () => {
    setTried(true);
    if (!reason.trim()) return;
    await run(() => reject(request.id, reason));
    setRejecting(false);
  };
  return (
    <div className={styles.panel} role="group" aria-label={t('purchase-requests:actions.yourTurn', { n: format.number(level) })} data-testid="request-decide">
      <Text>{t('purchase-requests:actions.yourTurn', { n: format.number(level) })}</Text>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<CheckmarkRegular />} disabled={busy} onClick={() => void approveNow()} data-testid="request-approve">
          {t('purchase-requests:actions.approve')}
        </Button>
        <Button
          icon={<DismissRegular />}
          disabled={busy}
          onClick={() => {
            setTried(false);
            setRejecting(true);
          }}
          data-testid="request-reject"
        >
          {t('purchase-requests:actions.reject')}
        </Button>
      </div>
      {rejecting && (
        <FormDialog
          title={t('purchase-requests:actions.rejectTitle', { number: number(request) })}
          submitLabel={t('purchase-requests:actions.reject')}
          cancelLabel={t('purchase-requests:actions.cancel')}
          busy={busy}
          onSubmit={submitReject}
          onClose={() => setRejecting(false)}
          formTestId="request-reject-form"
          submitTestId="request-reject-submit"
        >
          <p>{t('purchase-requests:actions.rejectBody')}</p>
          <Field
            label={t('purchase-requests:actions.reason')}
            required
            validationState={tried && !reason.trim() ? 'error' : 'none'}
            validationMessage={tried && !reason.trim() ? t('common:validation.required') : undefined}
          >
            <Textarea name="reason" value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" maxLength={MAX.text} data-testid="request-reject-reason" />
          </Field>
        </FormDialog>
      )}
    </div>
  );
}
