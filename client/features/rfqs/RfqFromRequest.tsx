/**
 * /rfqs/new?purchase_request={id}: the RFQ of an approved purchase request, in the
 * builder's form. Its site, lines and their budget lines are the request's as approved
 * (shown, not edited: the server carries them over itself); the buyer names the title,
 * place and dates (prefilled as the server would default them) and who it goes to.
 * Sending queues purchase_request.rfq in the outbox, offline too; the request names the
 * RFQ at once, and the server refuses a second one (request_converted).
 */
import { MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { isoToLocal } from '../../ui/formInput';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { useRequestMutations } from '../purchase-requests/mutations';
import { buyable, useRequest, type ShownRequest } from '../purchase-requests/queries';
import { useRequestNumber } from '../purchase-requests/RequestCard';
import { useSite, type ShownSite } from '../sites/queries';
import { budgetLineLabel } from '../sites/SitePicker';
import { memoryDraft, type RfqDraft } from './draft';
import { RfqForm } from './RfqBuilder';

const DAY = 24 * 60 * 60 * 1000;
/** How long the RFQ takes quotes unless the buyer says otherwise, as a new one does. */
const DEFAULT_OPEN_DAYS = 3;

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  section: { display: 'grid', gap: tokens.spacingVerticalS, ...CARD_SURFACE },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  muted: { color: tokens.colorNeutralForeground2 },
  list: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  line: { display: 'grid', gap: tokens.spacingVerticalXXS, paddingBlockEnd: tokens.spacingVerticalS, borderBlockEndWidth: '1px', borderBlockEndStyle: 'solid', borderBlockEndColor: tokens.colorNeutralStroke2, overflowWrap: 'anywhere' },
});

/** The form's values from the request: its title and place as the server defaults them, its date, its lines for the checks. */
function draftOf(request: ShownRequest, site: ShownSite | null, now: number): RfqDraft {
  return {
    title: request.number ? `${request.number} · ${request.site_name}` : request.site_name,
    location: site?.location ?? request.site_name,
    needed_by: request.needed_by ?? '',
    closes_at: isoToLocal(new Date(now + DEFAULT_OPEN_DAYS * DAY).toISOString()),
    audience: 'market',
    supplier_ids: [],
    site_id: request.site_id,
    lines: [...request.lines]
      .sort((a, b) => a.position - b.position)
      .map((l) => ({
        id: l.id,
        description: l.description,
        quantity: String(l.quantity),
        unit: l.unit,
        category_id: site?.budget_lines.find((b) => b.id === l.budget_line_id)?.category_id ?? null,
        product_id: null,
        budget_line_id: l.budget_line_id,
      })),
  };
}

export function RfqFromRequest({ requestId }: { requestId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const request = useRequest(requestId);
  const site = useSite(request?.site_id ?? '');
  const back = `${PATHS.purchaseRequests}/${requestId}`;
  if (request === undefined || (request && site === undefined)) return <ListSkeleton label={t('loading')} />;
  if (request === null || !buyable(request)) {
    return (
      <section className={styles.root} aria-labelledby="screen-title">
        <BackLink to={back} label={t('fromRequest.back')} />
        <h1 id="screen-title" className={styles.title}>
          {t('fromRequest.title')}
        </h1>
        <EmptyState
          title={t('fromRequest.notConvertible')}
          action={request?.rfq_id ? <Link to={`${PATHS.rfqs}/${request.rfq_id}`}>{t('fromRequest.openRfq')}</Link> : undefined}
          testId="rfq-from-request-refused"
        />
      </section>
    );
  }
  return <Builder request={request} site={site ?? null} back={back} />;
}

function Builder({ request, site, back }: { request: ShownRequest; site: ShownSite | null; back: string }) {
  const { t } = useTranslation('rfqs');
  const navigate = useNavigate();
  const number = useRequestNumber();
  const { toRfq } = useRequestMutations();
  // The form starts from the request as it was when the screen opened; it lasts as long as the screen.
  const [store] = useState(() => memoryDraft(draftOf(request, site, Date.now())));
  const draft = useSyncExternalStore(store.subscribe, store.get, store.get);
  return (
    <RfqForm
      draft={draft}
      update={store.update}
      heading={t('fromRequest.heading', { number: number(request) })}
      backTo={back}
      submit={t('builder.send')}
      submitIcon={<SendRegular />}
      submitTestId="send-rfq"
      siteLocked
      lines={<RequestLines request={request} site={site} />}
      onSubmit={async ({ title, location, needed_by, closes_at, audience, supplier_ids }) => {
        const id = await toRfq(request.id, { title, location, needed_by, closes_at, audience, supplier_ids });
        void navigate(`${PATHS.rfqs}/${id}`);
      }}
    />
  );
}

/** The request's lines as approved, each with its budget line: what the RFQ asks quotes for. */
function RequestLines({ request, site }: { request: ShownRequest; site: ShownSite | null }) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const format = useFormat();
  const budget = new Map((site?.budget_lines ?? []).map((b) => [b.id, b]));
  const lines = [...request.lines].sort((a, b) => a.position - b.position);
  return (
    <section className={styles.section} aria-labelledby="lines-title" data-testid="rfq-request-lines">
      <h2 id="lines-title" className={styles.h2}>
        {t('builder.lines', { count: lines.length })}
      </h2>
      <MessageBar layout="multiline" intent="info">
        <MessageBarBody>{t('fromRequest.linesNote')}</MessageBarBody>
      </MessageBar>
      <ol className={styles.list}>
        {lines.map((l) => {
          const b = l.budget_line_id ? budget.get(l.budget_line_id) : undefined;
          return (
            <li key={l.id} className={styles.line} data-testid="rfq-request-line">
              <Text weight="semibold">
                {format.number(l.position)}. <bdi>{l.description}</bdi>
              </Text>
              <Text>
                {format.number(l.quantity)} <bdi>{l.unit}</bdi>
              </Text>
              <Text size={200} className={styles.muted}>
                {b ? t('fromRequest.budgetLine', { line: budgetLineLabel(b) }) : l.budget_line_id ? t('fromRequest.budgetLineUnknown') : t('form.noBudgetLine')}
              </Text>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
