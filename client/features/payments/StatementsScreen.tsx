import { Button, Caption1, Field, Select, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DocumentTableRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Statement } from '../../../shared/schemas/payment';
import { accountIdOf } from '../../../shared/schemas/user';
import { useSession } from '../../data/session';
import { useFormat } from '../../i18n/format';
import { dirOf } from '../../i18n/languages';
import { PATHS } from '../../paths';
import { download } from '../../ui/download';
import { Identifier } from '../../ui/Identifier';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { useWide } from '../../ui/useWide';
import { entryKindKey } from './entryKind';
import { statementXlsx } from './exportStatement';
import { useCounterparties, useDocumentsById, useOverdue, useStatement } from './queries';
import { MatchBadge } from '../invoices/MatchBadge';
import { TransferAcrossInvoices } from './TransferAcrossInvoices';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalM },
  scroll: { overflowX: 'auto' },
  table: { borderCollapse: 'collapse', width: '100%', minWidth: '36rem' },
  cell: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, textAlign: 'start', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  num: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, textAlign: 'end', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, fontVariantNumeric: 'tabular-nums' },
  total: { fontWeight: tokens.fontWeightSemibold },
  money: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  // A phone's statement: the closing balance first, then each entry a card whose figures
  // sit within the screen's width (a table of six columns would scroll them off it).
  caption: { overflowWrap: 'anywhere' },
  closing: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', columnGap: tokens.spacingHorizontalM, padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  cards: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  card: { display: 'grid', gap: tokens.spacingVerticalXXS, padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', columnGap: tokens.spacingHorizontalM },
  facts: { display: 'grid', rowGap: tokens.spacingVerticalXXS, margin: 0 },
  dd: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
});

/**
 * /statements: per counterparty company, the invoices, credit notes and confirmed
 * payments between the two in date order with the running balance (positive: they owe
 * the reader), what of it is overdue, and an XLSX of it. From the local store, so it works
 * offline once synced (queries.ts). With a supplier, one transfer for several of its open
 * invoices (TransferAcrossInvoices).
 */
export function StatementsScreen() {
  const styles = useStyles();
  const { t } = useTranslation('payments');
  const format = useFormat();
  const { session } = useSession();
  const accountId = session.status === 'signedIn' ? accountIdOf(session.user) : '';
  const counterparties = useCounterparties(accountId);
  const [chosen, setChosen] = useState<string | null>(null);
  const counterparty = chosen ?? counterparties?.[0]?.id ?? null;
  const statement = useStatement(accountId, counterparty);
  const overdue = useOverdue(accountId);

  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <ScreenHeading title={t('statements.title')} intro={t('statements.intro')} />
      {overdue && overdue.total > 0 && (
        <Caption1 data-testid="statements-overdue-across">{t('statements.overdueAcross', { amount: format.sar(overdue.total) })}</Caption1>
      )}
      {counterparties === undefined ? (
        <ListSkeleton rows={3} label={t('statements.loading')} />
      ) : counterparties.length === 0 ? (
        <EmptyState icon={<DocumentTableRegular />} title={t('statements.emptyTitle')} body={t('statements.emptyBody')} testId="statements-empty" />
      ) : (
        <>
          <div className={styles.bar}>
            <Field label={t('statements.counterparty')}>
              <Select value={counterparty ?? ''} onChange={(_, d) => setChosen(d.value)} data-testid="statement-counterparty">
                {counterparties.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({format.sar(c.balance)})
                  </option>
                ))}
              </Select>
            </Field>
            {statement && <ExportButton statement={statement} />}
            {counterparty && <TransferAcrossInvoices accountId={accountId} seller={counterparty} />}
          </div>
          {statement && <StatementView statement={statement} />}
        </>
      )}
    </section>
  );
}

function ExportButton({ statement }: { statement: Statement }) {
  const { t, i18n } = useTranslation('payments');
  const exportXlsx = async () => {
    const blob = await statementXlsx(
      statement,
      {
        title: t('statements.sheetTitle', { name: statement.counterparty.name, interpolation: { escapeValue: false } }),
        date: t('statements.date'),
        type: t('statements.type'),
        kind: (entry) => t(entryKindKey(entry)),
        number: t('statements.number'),
        reference: t('reference'),
        amount: t('statements.amount'),
        balance: t('statements.running'),
        closing: t('statements.closing'),
      },
      dirOf(i18n.resolvedLanguage) === 'rtl',
    );
    download(blob, `${t('statements.fileName')}.xlsx`);
  };
  return (
    <Button icon={<ArrowDownloadRegular />} onClick={() => void exportXlsx()} disabled={!statement.entries.length} data-testid="statement-export">
      {t('statements.export')}
    </Button>
  );
}

function StatementView({ statement }: { statement: Statement }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  return (
    <>
      {useWide() ? <StatementTable statement={statement} /> : <StatementCards statement={statement} />}
      <Caption1 data-testid="statement-overdue">{statement.overdue > 0 ? t('statements.overdue', { amount: format.sar(statement.overdue) }) : t('statements.noneOverdue')}</Caption1>
      <Caption1>{t('statements.sign')}</Caption1>
    </>
  );
}

/** The entry's number, a link to its document (a payment's: the invoice it pays), and an invoice's match beside it. */
function EntryNumber({ entry }: { entry: Statement['entries'][number] }) {
  const documents = useDocumentsById();
  const isPayment = entry.kind === 'payment' || entry.kind === 'refund';
  const document = isPayment ? undefined : documents?.get(entry.id);
  return (
    <>
      <RouterLink to={`${PATHS.invoices}/${isPayment ? entry.invoice_id : entry.id}`}>
        <Identifier>{entry.number}</Identifier>
      </RouterLink>
      {document && (
        <>
          {' '}
          <MatchBadge invoice={document} />
        </>
      )}
    </>
  );
}

/** On a phone: the closing balance, then each entry a card of what it is and its two figures. */
function StatementCards({ statement }: { statement: Statement }) {
  const styles = useStyles();
  const { t } = useTranslation('payments');
  const format = useFormat();
  const caption = t('statements.caption', { name: statement.counterparty.name });
  return (
    <section className={styles.root} aria-labelledby="statement-caption" data-testid="statement">
      <Caption1 id="statement-caption" className={styles.caption}>
        {caption}
      </Caption1>
      <div className={styles.closing}>
        <span>{t('statements.closing')}</span>
        <span className={styles.money} data-testid="statement-balance" data-money>
          {format.sar(statement.balance)}
        </span>
      </div>
      <ol className={styles.cards} aria-labelledby="statement-caption">
        {statement.entries.map((e) => (
          <li key={`${e.kind}:${e.id}`} className={styles.card} data-testid="statement-entry" data-kind={e.kind}>
            <div className={styles.row}>
              <span className={styles.total}>
                {t(entryKindKey(e))} <EntryNumber entry={e} />
              </span>
              <span className={styles.muted}>{format.date(e.date)}</span>
            </div>
            {e.reference && (
              <span className={styles.muted}>
                {t('reference')}: <bdi>{e.reference}</bdi>
              </span>
            )}
            <dl className={styles.facts}>
              <div className={styles.row}>
                <dt>{t('statements.amount')}</dt>
                <dd className={mergeClasses(styles.dd, styles.money)} data-money>
                  {format.sar(e.amount)}
                </dd>
              </div>
              <div className={styles.row}>
                <dt>{t('statements.running')}</dt>
                <dd className={mergeClasses(styles.dd, styles.money, styles.total)} data-testid="statement-running" data-money>
                  {format.sar(e.balance)}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** On a desk: the entries as a table, the closing balance in its foot. */
function StatementTable({ statement }: { statement: Statement }) {
  const styles = useStyles();
  const { t } = useTranslation('payments');
  const format = useFormat();
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid="statement">
        <caption>
          <Caption1>{t('statements.caption', { name: statement.counterparty.name })}</Caption1>
        </caption>
        <thead>
          <tr>
            <th className={styles.cell}>{t('statements.date')}</th>
            <th className={styles.cell}>{t('statements.type')}</th>
            <th className={styles.cell}>{t('statements.number')}</th>
            <th className={styles.cell}>{t('reference')}</th>
            <th className={styles.num}>{t('statements.amount')}</th>
            <th className={styles.num}>{t('statements.running')}</th>
          </tr>
        </thead>
        <tbody>
          {statement.entries.map((e) => (
            <tr key={`${e.kind}:${e.id}`} data-testid="statement-entry" data-kind={e.kind}>
              <td className={styles.cell}>{format.date(e.date)}</td>
              <td className={styles.cell}>{t(entryKindKey(e))}</td>
              <td className={styles.cell}>
                <EntryNumber entry={e} />
              </td>
              <td className={styles.cell}>{e.reference ? <bdi>{e.reference}</bdi> : null}</td>
              <td className={styles.num} data-money>
                {format.sar(e.amount)}
              </td>
              <td className={styles.num} data-testid="statement-running" data-money>
                {format.sar(e.balance)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={styles.total}>
            <td className={styles.cell} colSpan={5}>
              {t('statements.closing')}
            </td>
            <td className={styles.num} data-testid="statement-balance" data-money>
              {format.sar(statement.balance)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
