/**
 * The quotes side by side (shared/rfq.ts's compareQuotes, computed on the device): on a
 * desk one table, lines down and suppliers across, the line labels held in place while
 * the suppliers scroll; on a phone each supplier's terms as a card, then line by line
 * every supplier's price, cheapest first. Both mark the lowest price of each line (every
 * one of a tie), show a line a supplier did not quote as a gap, put the market price
 * beside each line, and mark the cells the award being built gives to each supplier. Each
 * supplier's scorecard (its last 12 months) is beside its name.
 * What a supplier wrote is shown where it applies: a quote's notes with its terms, a
 * line's note under its price, wrapped within a bounded width so a long one never widens
 * the table or a phone's card.
 */
import { Button, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComparisonLine, ComparisonQuote, RfqComparison } from '../../../shared/schemas/rfq';
import { useFormat } from '../../i18n/format';
import { Rating } from '../../ui/Rating';
import { ScorecardFigures } from '../../ui/ScorecardFigures';
import { TierBadge } from '../../ui/TierBadge';
import { useRevealed } from '../../ui/useRevealed';
import type { AwardChoice } from './award';
import { useWide } from '../../ui/useWide';

/** Lines a phone shows at first (and per "show more"): a 200-line request stays quick to open. */
const PHONE_PAGE = 30;
/** Of those, the lines drawn in the first task; the rest follow in an interruptible render (useRevealed). */
const PHONE_FIRST = 6;

const under = { borderBlockEndWidth: '1px', borderBlockEndStyle: 'solid', borderBlockEndColor: tokens.colorNeutralStroke2 } as const;

const useStyles = makeStyles({
  scroller: { overflowX: 'auto', borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow4, backgroundColor: tokens.colorNeutralBackground1 },
  table: { borderCollapse: 'separate', borderSpacing: 0, inlineSize: '100%', minInlineSize: 'max-content' },
  th: { padding: tokens.spacingHorizontalS, textAlign: 'start', verticalAlign: 'top', backgroundColor: tokens.colorNeutralBackground3, ...under },
  label: { position: 'sticky', insetInlineStart: 0, zIndex: 1, minInlineSize: '200px', maxInlineSize: '280px', backgroundColor: tokens.colorNeutralBackground3, textAlign: 'start' },
  td: { padding: tokens.spacingHorizontalS, verticalAlign: 'top', minInlineSize: '130px', ...under },
  chosen: { backgroundColor: tokens.colorBrandBackground2 },
  stack: { display: 'grid', gap: tokens.spacingVerticalXXS, justifyItems: 'start' },
  muted: { color: tokens.colorNeutralForeground2 },
  gap: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  strong: { fontWeight: tokens.fontWeightSemibold },
  // A supplier's words: kept whole lines as typed, wrapped anywhere, never wider than a column.
  note: { display: 'block', maxInlineSize: '260px', minInlineSize: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere', color: tokens.colorNeutralForeground2 },
  cardNote: { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere', color: tokens.colorNeutralForeground2 },
  cards: { display: 'grid', gap: tokens.spacingVerticalM },
  card: { display: 'grid', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4, minInlineSize: 0 },
  // A line's card off screen is neither laid out nor painted until scrolled near: the
  // supplier cards fill a phone's first screen, and laying out 30 lines × 10 prices at once
  // was the longest part of the screen's opening. The size stands in until first drawn.
  lineCard: { contentVisibility: 'auto', containIntrinsicSize: 'auto 880px' },
  h3: { margin: 0, fontSize: tokens.fontSizeBase400, overflowWrap: 'anywhere' },
  row: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, paddingBlock: tokens.spacingVerticalXXS, ...under },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS, margin: 0 },
  dd: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  name: typographyStyles.body1,
  // As Fluent's Badge (appearance tint, colour success, size medium) draws it.
  lowest: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    blockSize: '20px',
    minInlineSize: '20px',
    paddingInline: `calc(${tokens.spacingHorizontalXS} + ${tokens.spacingHorizontalXXS})`,
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteGreenBorder1}`,
    backgroundColor: tokens.colorPaletteGreenBackground1,
    color: tokens.colorPaletteGreenForeground1,
    ...typographyStyles.caption1Strong,
  },
});

export function Comparison({ comparison, choice }: { comparison: RfqComparison; choice: AwardChoice | null }) {
  return useWide() ? <ComparisonTable comparison={comparison} choice={choice} /> : <ComparisonByLine comparison={comparison} choice={choice} />;
}

/** The facts of a quote that are money: marked data-money, the figures a phone must show within its width. */
const MONEY_FACTS = new Set(['subtotal', 'vat', 'total']);

/** What a supplier's column or card shows of their terms and totals. */
function useQuoteFacts(vatRate: number) {
  const { t } = useTranslation('rfqs');
  const format = useFormat();
  return (q: ComparisonQuote): Array<[string, ReactNode, string]> => [
    [t('compare.coverage'), t('compare.coverageValue', { count: q.quoted_lines, percent: format.number(q.coverage, { style: 'percent' }) }), 'coverage'],
    // Totals are over what each quote offers: this says how much of what was asked that is.
    [t('compare.quantityCoverage'), format.number(q.quantity_coverage, { style: 'percent' }), 'quantity-coverage'],
    [t('compare.subtotal'), format.sar(q.subtotal), 'subtotal'],
    [t('compare.vat', { rate: format.number(vatRate, { style: 'percent' }) }), format.sar(q.vat_total), 'vat'],
    [t('compare.total'), format.sar(q.total), 'total'],
    [t('compare.delivery'), t('compare.days', { count: q.delivery_days }), 'delivery'],
    [t('compare.validUntil'), format.date(q.valid_until), 'valid'],
  ];
}

function SupplierHead({ q }: { q: ComparisonQuote }) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  return (
    <div className={styles.stack}>
      <span className={styles.strong}>
        <bdi>{q.supplier_name ?? t('someone')}</bdi>
      </span>
      {q.supplier_city && (
        <span className={styles.muted}>
          <bdi>{q.supplier_city}</bdi>
        </span>
      )}
      <TierBadge tier={q.supplier_verification_tier} />
      <Rating average={q.supplier_average_rating} count={q.supplier_total_reviews} />
      {/* Measured from the supplier's deals; carried on its quote, so offline too. */}
      <ScorecardFigures card={q.supplier_scorecard?.['12m']} window="12m" testId="supplier-scorecard" />
    </div>
  );
}

type T = TFunction<'rfqs'>;
type Format = ReturnType<typeof useFormat>;
type Styles = ReturnType<typeof useStyles>;

/*
 * The repeated parts (a line's label, a price, a supplier's name in a line) are plain
 * elements drawn by functions given the list's one translator, formatter and class names:
 * a component per cell, each calling useTranslation, useFormat and its styles hook, or a
 * Fluent Badge or Text, cost more than the cell's own DOM across 200 lines × 10 quotes.
 */

/** A line's label: what, how much, and the market's price for it. */
function lineLabel(line: ComparisonLine, t: T, format: Format, styles: Styles) {
  return (
    <div className={styles.stack}>
      <span className={styles.strong}>
        <bdi>{line.description}</bdi>
      </span>
      <span className={styles.muted}>{t('compare.asked', { quantity: format.number(line.quantity), unit: line.unit })}</span>
      <span className={styles.muted} data-testid="market-median">
        {marketLabel(line.market_price, t, format)}
      </span>
    </div>
  );
}

/** The market price: its median and band, the band alone where few companies make it up, or none. */
function marketLabel(p: ComparisonLine['market_price'], t: T, format: Format) {
  if (p === null) return t('compare.noMarket');
  const band = { low: format.sar(p.low), high: format.sar(p.high) };
  return p.median === null ? t('compare.marketBand', band) : t('compare.market', { price: format.sar(p.median), ...band });
}

/** One supplier's price on one line: unit and line price, lowest marked; a gap when not quoted. */
function price(cell: ComparisonLine['cells'][number], unit: string, t: T, format: Format, styles: Styles) {
  if (cell.unit_price === null) return <span className={styles.gap}>{t('compare.gap')}</span>;
  return (
    <div className={styles.stack}>
      <span className={styles.strong} data-testid="unit-price" data-money>
        {t('compare.perUnit', { price: format.sar(cell.unit_price), unit })}
      </span>
      <span className={styles.muted} data-money>
        {format.sar(cell.line_total ?? 0)}
      </span>
      {/* Offered short of the line: its price above is on this quantity (shared/rfq.ts quoteLineAmounts). */}
      {cell.quantity !== null && cell.quantity === cell.quantity_offered && (
        <span className={styles.muted} data-testid="partial">
          {t('compare.partial', { quantity: format.number(cell.quantity), unit })}
        </span>
      )}
      {cell.note && (
        <span className={styles.note} data-testid="line-note">
          {t('compare.lineNote', { note: cell.note })}
        </span>
      )}
      {cell.lowest && (
        <span className={styles.lowest} data-testid="lowest">
          {t('compare.lowest')}
        </span>
      )}
    </div>
  );
}

/** A table row of one line: its label, then each supplier's price. Drawn again only when the line, the award or the language changes. */
const TableLine = memo(function TableLine({ line, chosen, t, format, styles }: { line: ComparisonLine; chosen: readonly string[] | undefined; t: T; format: Format; styles: Styles }) {
  return (
    <tr data-testid="comparison-line">
      <th scope="row" className={mergeClasses(styles.th, styles.label)}>
        {lineLabel(line, t, format, styles)}
      </th>
      {line.cells.map((cell) => (
        <td key={cell.quote_id} className={mergeClasses(styles.td, chosen?.includes(cell.quote_id) && styles.chosen)} data-lowest={cell.lowest || undefined}>
          {price(cell, line.unit, t, format, styles)}
        </td>
      ))}
    </tr>
  );
});

/** A line's prices on a phone, cheapest first, gaps last: the order a buyer reads a line in. */
const PhoneCells = memo(function PhoneCells({ cells, unit, chosen, names, t, format, styles }: { cells: ComparisonLine['cells']; unit: string; chosen: readonly string[] | undefined; names: ReadonlyMap<string, string | null>; t: T; format: Format; styles: Styles }) {
  const sorted = [...cells].sort((a, b) => (a.unit_price ?? Infinity) - (b.unit_price ?? Infinity));
  return sorted.map((cell) => (
    <div key={cell.quote_id} className={mergeClasses(styles.row, chosen?.includes(cell.quote_id) && styles.chosen)} data-lowest={cell.lowest || undefined}>
      <span className={styles.name}>
        <bdi>{names.get(cell.quote_id) ?? t('someone')}</bdi>
      </span>
      {price(cell, unit, t, format, styles)}
    </div>
  ));
});

/** A line as a card on a phone; a choice in the award panel redraws only the lines it changes. */
const PhoneLine = memo(function PhoneLine({ line, chosen, names, t, format, styles }: { line: ComparisonLine; chosen: readonly string[] | undefined; names: ReadonlyMap<string, string | null>; t: T; format: Format; styles: Styles }) {
  return (
    <section className={mergeClasses(styles.card, styles.lineCard)} aria-label={line.description} data-testid="comparison-line">
      {lineLabel(line, t, format, styles)}
      <PhoneCells cells={line.cells} unit={line.unit} chosen={chosen} names={names} t={t} format={format} styles={styles} />
    </section>
  );
});

function ComparisonTable({ comparison, choice }: { comparison: RfqComparison; choice: AwardChoice | null }) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const format = useFormat();
  const facts = useQuoteFacts(comparison.vat_rate);
  const rows = comparison.quotes.map(facts);
  return (
    <div className={styles.scroller} tabIndex={0} role="region" aria-label={t('compare.title')} data-testid="comparison-table">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col" className={mergeClasses(styles.th, styles.label)}>
              {t('compare.line')}
            </th>
            {comparison.quotes.map((q) => (
              <th key={q.quote_id} scope="col" className={styles.th} data-testid="supplier-column">
                <SupplierHead q={q} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.lines.map((line) => (
            <TableLine key={line.rfq_line_id} line={line} chosen={choice?.[line.rfq_line_id]} t={t} format={format} styles={styles} />
          ))}
        </tbody>
        <tfoot>
          {rows[0]?.map(([label, , key], r) => (
            <tr key={key}>
              <th scope="row" className={mergeClasses(styles.th, styles.label)}>
                {label}
              </th>
              {rows.map((facts, i) => (
                <td key={comparison.quotes[i].quote_id} className={mergeClasses(styles.td, styles.strong)} data-testid={`quote-${key}`} data-money={MONEY_FACTS.has(key) || undefined}>
                  {facts[r][1]}
                </td>
              ))}
            </tr>
          ))}
          {comparison.quotes.some((q) => q.notes) && (
            <tr>
              <th scope="row" className={mergeClasses(styles.th, styles.label)}>
                {t('compare.notes')}
              </th>
              {comparison.quotes.map((q) => (
                <td key={q.quote_id} className={styles.td} data-testid="quote-notes">
                  {q.notes ? (
                    <bdi className={styles.note}>{q.notes}</bdi>
                  ) : (
                    <span className={styles.gap}>{t('compare.noNotes')}</span>
                  )}
                </td>
              ))}
            </tr>
          )}
        </tfoot>
      </table>
    </div>
  );
}

function ComparisonByLine({ comparison, choice }: { comparison: RfqComparison; choice: AwardChoice | null }) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const format = useFormat();
  const facts = useQuoteFacts(comparison.vat_rate);
  const [shown, setShown] = useState(PHONE_PAGE);
  const revealed = useRevealed(Math.min(shown, comparison.lines.length), PHONE_FIRST);
  const names = useMemo(() => new Map(comparison.quotes.map((q) => [q.quote_id, q.supplier_name])), [comparison.quotes]);
  return (
    <div className={styles.cards} data-testid="comparison-by-line">
      <div className={styles.cards} role="list" aria-label={t('compare.suppliers')}>
        {comparison.quotes.map((q) => (
          <div key={q.quote_id} className={styles.card} role="listitem" data-testid="supplier-card">
            <SupplierHead q={q} />
            <dl className={styles.facts}>
              {facts(q).map(([label, value, key]) => (
                <div key={key} style={{ display: 'contents' }}>
                  <dt className={styles.muted}>{label}</dt>
                  <dd className={styles.dd} data-testid={`quote-${key}`} data-money={MONEY_FACTS.has(key) || undefined}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            {q.notes && (
              <div className={styles.stack}>
                <span className={styles.muted}>{t('compare.notes')}</span>
                <p className={styles.cardNote} data-testid="quote-notes">
                  <bdi>{q.notes}</bdi>
                </p>
              </div>
            )}
          </div>
        ))}
      </div>
      {comparison.lines.slice(0, revealed).map((line) => (
        <PhoneLine key={line.rfq_line_id} line={line} chosen={choice?.[line.rfq_line_id]} names={names} t={t} format={format} styles={styles} />
      ))}
      {comparison.lines.length > shown && (
        <Button onClick={() => setShown((n) => n + PHONE_PAGE)} data-testid="more-lines">
          {t('compare.more', { count: comparison.lines.length - shown })}
        </Button>
      )}
    </div>
  );
}
