import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_LABELS,
  VAT_CATEGORY_LABELS,
  documentAmount,
  documentDateTime,
  documentSubject,
  documentRate,
  documentTitle,
  lineTotalWithVat,
  partyAddress,
  standardRate,
} from '../../../shared/invoice-document';
import type { Invoice, InvoiceLine, InvoiceParty } from '../../../shared/schemas/invoice';
import { useWide } from '../../ui/useWide';
import { InvoiceQr } from './InvoiceQr';

const useStyles = makeStyles({
  doc: {
    display: 'grid',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    backgroundColor: '#fff',
    color: '#000',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
    '@media print': { border: 'none', padding: 0, fontSize: '10pt' },
  },
  head: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: tokens.spacingHorizontalL },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  facts: { display: 'grid', rowGap: tokens.spacingVerticalXXS, margin: 0 },
  // The label, then the value beside it where the line has room, else under it: a number
  // or a date is never broken across lines.
  fact: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: tokens.spacingHorizontalM },
  dd: { margin: 0, overflowWrap: 'anywhere' },
  id: { whiteSpace: 'nowrap' },
  label: { color: '#444' },
  parties: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', gap: tokens.spacingHorizontalL },
  party: { display: 'grid', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalM, border: '1px solid #ccc', borderRadius: tokens.borderRadiusMedium },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400 },
  scroll: { overflowX: 'auto', minWidth: 0 },
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    '& th, & td': { border: '1px solid #ccc', padding: '4px 6px', textAlign: 'start', verticalAlign: 'top' },
    '& th': { backgroundColor: '#f3f3f3', fontWeight: tokens.fontWeightSemibold },
    '& td.num': { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  },
  // On a phone each line is a card of label and figure rows, every figure within the
  // screen's width; the table is kept for printing (A4 has room for its columns).
  cards: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none', '@media print': { display: 'none' } },
  card: { display: 'grid', gap: tokens.spacingVerticalXXS, padding: tokens.spacingHorizontalS, border: '1px solid #ccc', borderRadius: tokens.borderRadiusMedium, minWidth: 0 },
  cardHead: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  cardRow: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', columnGap: tokens.spacingHorizontalM },
  cardFacts: { display: 'grid', rowGap: tokens.spacingVerticalXXS, margin: 0 },
  printOnly: { '@media screen': { display: 'none' } },
  foot: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  // Never wider than a phone's screen: the label column wraps, the amounts stay whole.
  totals: { display: 'grid', gridTemplateColumns: 'minmax(0, auto) auto', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXXS, margin: 0, minWidth: 'min(16rem, 100%)' },
  amount: { margin: 0, textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  strong: { fontWeight: tokens.fontWeightBold },
});

/** A label in both languages of the document: Arabic, then English. */
function Both({ label }: { label: { ar: string; en: string } }) {
  return (
    <>
      <span lang="ar" dir="rtl">
        {label.ar}
      </span>
      {' / '}
      <span lang="en" dir="ltr">
        {label.en}
      </span>
    </>
  );
}

/** An identifier or a date, left to right and on one line. */
function Id({ children }: { children: string }) {
  return (
    <bdi dir="ltr" className={useStyles().id}>
      {children}
    </bdi>
  );
}

/** Money as the document states it, with its currency: 1,234.50 SAR. */
const sar = (amount: number) => (
  <bdi dir="ltr">
    {documentAmount(amount)} {DOCUMENT_LABELS.currency.en}
  </bdi>
);

type DocumentFact = { label: { ar: string; en: string }; value: ReactNode; testId?: string };

function FactList({ facts }: { facts: DocumentFact[] }) {
  const styles = useStyles();
  return (
    <dl className={styles.facts}>
      {facts.map((f) => (
        <div key={f.label.en} className={styles.fact}>
          <dt className={styles.label}>
            <Both label={f.label} />
          </dt>
          <dd className={styles.dd} data-testid={f.testId}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Party({ role, party, testId }: { role: 'seller' | 'buyer'; party: InvoiceParty; testId: string }) {
  const styles = useStyles();
  return (
    <section className={styles.party} data-testid={testId} aria-labelledby={`${testId}-heading`}>
      <h2 id={`${testId}-heading`} className={styles.h2}>
        <Both label={DOCUMENT_LABELS[role]} />
      </h2>
      <div>
        <bdi lang="ar">{party.legal_name}</bdi>
        {party.legal_name_en && (
          <>
            <br />
            <bdi lang="en">{party.legal_name_en}</bdi>
          </>
        )}
      </div>
      <FactList
        facts={[
          { label: DOCUMENT_LABELS.vatNumber, value: <Id>{party.vat_number ?? '—'}</Id>, testId: `${testId}-vat` },
          { label: DOCUMENT_LABELS.crNumber, value: <Id>{party.cr_number ?? '—'}</Id> },
          { label: DOCUMENT_LABELS.address, value: <bdi lang="ar">{partyAddress(party)}</bdi> },
        ]}
      />
    </section>
  );
}

const LINE_COLUMNS = ['description', 'quantity', 'unit', 'unitPrice', 'vatCategory', 'taxableAmount', 'vatAmount', 'lineTotal'] as const;

/** A line's VAT category with its rate, kept together. */
function Category({ line }: { line: InvoiceLine }) {
  return (
    <>
      <Both label={VAT_CATEGORY_LABELS[line.vat_category]} /> <bdi dir="ltr">({documentRate(line.vat_rate)})</bdi>
    </>
  );
}

/**
 * The lines as the document's table, scrolled sideways where narrower than its columns.
 * `printOnly` on a phone, where the cards are on screen: printing still gets the table,
 * without the test ids and the money marks the cards carry.
 */
function LinesTable({ lines, printOnly = false }: { lines: InvoiceLine[]; printOnly?: boolean }) {
  const styles = useStyles();
  const shown = !printOnly;
  return (
    <div className={mergeClasses(styles.scroll, printOnly && styles.printOnly)} tabIndex={shown ? 0 : undefined} role="region" aria-labelledby="invoice-title">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">#</th>
            {LINE_COLUMNS.map((k) => (
              <th key={k} scope="col">
                <Both label={DOCUMENT_LABELS[k]} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} data-testid={shown ? 'invoice-line' : undefined}>
              <td className="num">{line.position}</td>
              <td>
                <bdi>{line.description}</bdi>
                {line.exemption_reason && (
                  <>
                    <br />
                    <small>
                      <bdi>{line.exemption_reason}</bdi>
                    </small>
                  </>
                )}
              </td>
              <td className="num">{line.quantity}</td>
              <td>
                <bdi>{line.unit}</bdi>
              </td>
              <td className="num" data-money={shown || undefined}>
                {documentAmount(line.unit_price)}
              </td>
              <td>
                <Category line={line} />
              </td>
              <td className="num" data-money={shown || undefined}>
                {documentAmount(line.line_total)}
              </td>
              <td className="num" data-testid={shown ? 'invoice-line-vat' : undefined} data-money={shown || undefined}>
                {documentAmount(line.vat_amount)}
              </td>
              <td className="num" data-testid={shown ? 'invoice-line-total' : undefined} data-money={shown || undefined}>
                {documentAmount(lineTotalWithVat(line))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone, each line a card: what and how many, then each figure on a row of its own with its label. */
function LineCards({ lines }: { lines: InvoiceLine[] }) {
  const styles = useStyles();
  return (
    <ol className={styles.cards} aria-labelledby="invoice-title" data-testid="invoice-line-cards">
      {lines.map((line) => {
        const rows: Array<{ key: (typeof LINE_COLUMNS)[number]; value: ReactNode; money?: boolean; testId?: string; strong?: boolean }> = [
          { key: 'quantity', value: <bdi dir="ltr">{line.quantity}</bdi> },
          { key: 'unit', value: <bdi>{line.unit}</bdi> },
          { key: 'unitPrice', value: documentAmount(line.unit_price), money: true },
          { key: 'vatCategory', value: <Category line={line} /> },
          { key: 'taxableAmount', value: documentAmount(line.line_total), money: true },
          { key: 'vatAmount', value: documentAmount(line.vat_amount), money: true, testId: 'invoice-line-vat' },
          { key: 'lineTotal', value: documentAmount(lineTotalWithVat(line)), money: true, testId: 'invoice-line-total', strong: true },
        ];
        return (
          <li key={line.id} className={styles.card} data-testid="invoice-line">
            <div className={styles.cardHead}>
              <bdi dir="ltr">#{line.position}</bdi> <bdi>{line.description}</bdi>
            </div>
            {line.exemption_reason && (
              <small>
                <bdi>{line.exemption_reason}</bdi>
              </small>
            )}
            <dl className={styles.cardFacts}>
              {rows.map((row) => (
                <div key={row.key} className={mergeClasses(styles.cardRow, row.strong && styles.strong)}>
                  <dt className={styles.label}>
                    <Both label={DOCUMENT_LABELS[row.key]} />
                  </dt>
                  <dd className={row.money ? styles.amount : styles.dd} data-testid={row.testId} data-money={row.money || undefined}>
                    {row.value}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The document itself, as the PDF lays it out too: bilingual heading, number and dates,
 * both parties, the lines with their VAT, the totals and the QR code. It is the part of
 * the page that prints (print.css).
 */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const subject = documentSubject(invoice);
  const facts: DocumentFact[] = [
    { label: DOCUMENT_LABELS.number, value: <Id>{invoice.number}</Id>, testId: 'invoice-number' },
    { label: DOCUMENT_LABELS.issuedAt, value: <Id>{documentDateTime(invoice.issued_at)}</Id>, testId: 'invoice-issued-at' },
    { label: DOCUMENT_LABELS.supplyDate, value: <Id>{invoice.supply_date}</Id>, testId: 'invoice-supply-date' },
    { label: subject.label, value: <Id>{subject.value}</Id>, testId: 'invoice-subject' },
  ];
  if (invoice.original_invoice_number) facts.push({ label: DOCUMENT_LABELS.originalInvoice, value: <Id>{invoice.original_invoice_number}</Id>, testId: 'invoice-original' });
  if (invoice.reason) facts.push({ label: DOCUMENT_LABELS.reason, value: <bdi>{invoice.reason}</bdi>, testId: 'invoice-reason' });
  const lines = [...invoice.lines].sort((a, b) => a.position - b.position);
  const rate = standardRate(invoice);
  const wide = useWide();
  return (
    <article className={styles.doc} data-testid="invoice-document" data-kind={invoice.kind} aria-labelledby="invoice-title">
      <header className={styles.head}>
        <div>
          <h2 id="invoice-title" className={styles.title} data-testid="invoice-title">
            <Both label={documentTitle(invoice)} />
          </h2>
          <FactList facts={facts} />
        </div>
        <InvoiceQr value={invoice.qr} label={t('qr', { number: invoice.number })} />
      </header>
      <div className={styles.parties}>
        <Party role="seller" party={invoice.seller} testId="invoice-seller" />
        <Party role="buyer" party={invoice.buyer} testId="invoice-buyer" />
      </div>
      {wide ? (
        <LinesTable lines={lines} />
      ) : (
        <>
          <LineCards lines={lines} />
          <LinesTable lines={lines} printOnly />
        </>
      )}
      <footer className={styles.foot}>
        <dl className={styles.totals} data-testid="invoice-totals">
          <dt>
            <Both label={DOCUMENT_LABELS.subtotal} />
          </dt>
          <dd className={styles.amount} data-testid="invoice-subtotal" data-money>
            {sar(invoice.subtotal)}
          </dd>
          <dt>
            <Both label={DOCUMENT_LABELS.vatTotal} /> {rate && <bdi dir="ltr">{rate}</bdi>}
          </dt>
          <dd className={styles.amount} data-testid="invoice-vat" data-money>
            {sar(invoice.vat_total)}
          </dd>
          <dt className={styles.strong}>
            <Both label={DOCUMENT_LABELS.total} />
          </dt>
          <dd className={`${styles.amount} ${styles.strong}`} data-testid="invoice-total" data-money>
            {sar(invoice.total)}
          </dd>
        </dl>
      </footer>
    </article>
  );
}
