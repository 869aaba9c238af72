/**
 * /rfqs/{id}?edit: the buyer edits a sent request (title, place, dates, lines and their budget lines) in the
 * builder's form, until the first quote arrives (shared/rfq.ts editRefusal, the rule the
 * server holds it to). The edit is kept in memory only: the request itself is the copy
 * that lasts. Saving queues it in the outbox like any write, offline too; a quote that
 * reached the server first makes the server refuse it, and the refusal shows on the request.
 */
import { MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { editRefusal } from '../../../shared/rfq';
import type { Rfq } from '../../../shared/schemas/rfq';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { isoToLocal } from '../../ui/formInput';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { useNow } from '../instant-orders/queries';
import { memoryDraft, type RfqDraft } from './draft';
import { useRfqMutations } from './mutations';
import { useRfq } from './queries';
import { RfqForm } from './RfqBuilder';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** The request's values as the form holds them. */
function draftOf(rfq: Rfq): RfqDraft {
  return {
    title: rfq.title,
    location: rfq.location,
    needed_by: rfq.needed_by ?? '',
    closes_at: isoToLocal(rfq.closes_at),
    audience: rfq.audience,
    supplier_ids: rfq.supplier_ids ?? [],
    site_id: rfq.site_id,
    lines: rfq.lines.map((l) => ({
      id: l.id,
      description: l.description,
      quantity: String(l.quantity),
      unit: l.unit,
      category_id: l.category_id,
      product_id: l.product_id,
      budget_line_id: l.budget_line_id,
    })),
  };
}

export function RfqEdit({ id }: { id: string }) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const view = useRfq(id);
  if (view === undefined) return <ListSkeleton label={t('loading')} />;
  if (view.rfq === null) {
    return (
      <section className={styles.root} aria-labelledby="screen-title">
        <BackLink to={PATHS.rfqs} label={t('back')} />
        <h1 id="screen-title" className={styles.title}>
          {t('detail.missingTitle')}
        </h1>
        <EmptyState title={t('detail.missing')} />
      </section>
    );
  }
  return <Editor rfq={view.rfq} quotes={view.quotes.length} />;
}

function Editor({ rfq, quotes }: { rfq: Rfq; quotes: number }) {
  const styles = useStyles();
  const { t } = useTranslation(['rfqs', 'errors']);
  const navigate = useNavigate();
  const now = useNow();
  const { update: save } = useRfqMutations();
  // The form starts from the request as it was when the screen opened.
  const [store] = useState(() => memoryDraft(draftOf(rfq)));
  const draft = useSyncExternalStore(store.subscribe, store.get, store.get);
  // Live: a quote synced while the buyer edits ends the editing.
  const refusal = editRefusal(rfq, Math.max(quotes, rfq.quote_count), new Date(now));
  const back = `${PATHS.rfqs}/${rfq.id}`;
  const reached = rfq.supplier_ids?.length ?? 0;

  return (
    <RfqForm
      draft={draft}
      update={store.update}
      heading={t('edit.title')}
      backTo={back}
      submit={t('edit.save')}
      submitIcon={<SaveRegular />}
      submitTestId="save-rfq"
      // Its site is where its orders are counted and approved: fixed once sent.
      siteLocked
      audience={
        <Text className={styles.muted} data-testid="edit-audience">
          {t(rfq.audience === 'market' ? 'edit.audienceMarket' : 'edit.audienceInvited', { count: reached })}
        </Text>
      }
      blocked={
        refusal ? (
          <MessageBar layout="multiline" intent="warning" data-testid="edit-refused">
            <MessageBarBody>{t(`errors:${refusal}`)}</MessageBarBody>
          </MessageBar>
        ) : undefined
      }
      onSubmit={async ({ title, location, needed_by, closes_at, lines }) => {
        await save(rfq.id, { title, location, needed_by, closes_at, lines });
        void navigate(back);
      }}
    />
  );
}
