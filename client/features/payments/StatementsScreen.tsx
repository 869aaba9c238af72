import { Button, Caption1, Field, Select, makeStyles, tokens } from '@fluentui/react-components';
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
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { statementXlsx } from './exportStatement';
import { useCounterparties, useOverdue, useStatement } from './queries';
import { TransferAcrossInvoices } from './TransferAcrossInvoices';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalM },
  scroll: { overflowX: 'auto' },
  table: { borderCollapse: 'collapse', width: '100%', minWidth: '36rem' },
  cell: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, textAlign: 'start', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  num: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, textAlign: 'end', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, fontVariantNumeric: 'tabular-nums' },
  total: { fontWeight: tokens.fontWeightSemibold },
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
          {statement && <StatementTable statement={statement} />}
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
        kind: (kind) => t(`statements.kind.${kind}`),
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

function StatementTable({ statement }: { statement: Statement }) {
  const styles = useStyles();
  const { t } = useTranslation('payments');
  const format = useFormat();
  return (
    <>
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
                <td className={styles.cell}>{t(`statements.kind.${e.kind}`)}</td>
                <td className={styles.cell}>
                  <RouterLink to={`${PATHS.invoices}/${e.kind === 'credit_note' ? e.id : e.invoice_id}`}>
                    <bdi>{e.number}</bdi>
                  </RouterLink>
                </td>
                <td className={styles.cell}>{e.reference ? <bdi>{e.reference}</bdi> : null}</td>
                <td className={styles.num}>{format.sar(e.amount)}</td>
                <td className={styles.num} data-testid="statement-running">
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
              <td className={styles.num} data-testid="statement-balance">
                {format.sar(statement.balance)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <Caption1 data-testid="statement-overdue">{statement.overdue > 0 ? t('statements.overdue', { amount: format.sar(statement.overdue) }) : t('statements.noneOverdue')}</Caption1>
      <Caption1>{t('statements.sign')}</Caption1>
    </>
  );
}
