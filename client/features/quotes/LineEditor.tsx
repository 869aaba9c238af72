import { Caption1, Checkbox, Field, Input, Select, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RfqLine } from '../../../shared/schemas/rfq';
import { quoteLineAmounts } from '../../../shared/rfq';
import type { LocalProduct } from '../../data/db/schema';
import { useFormat } from '../../i18n/format';
import { DECIMAL_INPUT, parseNumber } from '../../ui/formInput';
import { CARD_SURFACE } from '../../ui/ItemCard';
import type { LineMatch } from './prefill';
import type { LineField, LineValues, QuoteFormError } from './quoteForm';

const useStyles = makeStyles({
  line: { display: 'grid', gap: tokens.spacingVerticalS, ...CARD_SURFACE },
  skipped: { backgroundColor: tokens.colorNeutralBackground2, boxShadow: 'none', border: `1px dashed ${tokens.colorNeutralStroke2}` },
  head: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  asked: { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightRegular },
  muted: { color: tokens.colorNeutralForeground3 },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 10rem), 1fr))',
    gap: tokens.spacingHorizontalM,
    // Each field keeps its own height: a longer hint under one does not stretch the other's input.
    alignItems: 'start',
    '& > *': { minWidth: 0 },
    '& .fui-Input, & .fui-Select': { minWidth: 0, width: '100%' },
  },
  total: { color: tokens.colorNeutralForeground2 },
});

export type LinePatch = Partial<LineValues>;

interface Props {
  line: RfqLine;
  values: LineValues;
  errors: Partial<Record<LineField, QuoteFormError>> | undefined;
  match: LineMatch | undefined;
  /** the supplier's products that may stand in for the line (its category), for the substitute choice */
  substitutes: readonly LocalProduct[];
  categoryName: string | null;
  errorText: (key: QuoteFormError | undefined) => string | undefined;
  onChange: (lineId: string, patch: LinePatch) => void;
}

/**
 * One line of the RFQ in the quote form: what is asked, whether it is quoted, and the
 * price, the quantity available, a substitute and a note. Memoised, so typing in one line
 * of a long bill of quantities renders that line only.
 */
export const LineEditor = memo(function LineEditor({ line, values, errors, match, substitutes, categoryName, errorText, onChange }: Props) {
  const styles = useStyles();
  const { t } = useTranslation('quotes');
  const format = useFormat();
  const id = `line-${line.id}`;
  const set = (field: keyof LineValues) => (_: unknown, data: { value: string }) => onChange(line.id, { [field]: data.value });
  const price = parseNumber(values.unit_price);
  const qty = parseNumber(values.quantity);
  // What the line is worth as the comparison and the award will count it.
  const amounts = price !== null && !Number.isNaN(price) ? quoteLineAmounts(line, { unit_price: price, quantity: qty !== null && !Number.isNaN(qty) ? qty : null }) : null;
  const field = (name: LineField) => ({
    validationMessage: errorText(errors?.[name]),
    validationState: errors?.[name] ? ('error' as const) : ('none' as const),
  });

  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className={mergeClasses(styles.line, !values.quoted && styles.skipped)}
      data-testid="quote-line"
      data-line-id={line.id}
      data-quoted={values.quoted}
    >
      <h3 className={styles.head} id={`${id}-title`}>
        {t('form.lineTitle', { position: format.number(line.position), description: line.description })}
      </h3>
      <span className={styles.asked} data-testid="line-asked">
        {t('form.asked', { quantity: format.number(line.quantity), unit: line.unit })}
        {categoryName && <> · <bdi>{categoryName}</bdi></>}
      </span>
      {match && (
        <Caption1 className={styles.muted} data-testid="line-match" data-kind={match.kind}>
          {match.product.stock_quantity != null
            ? t('form.fromPriceListStock', { name: match.product.name, price: format.sar(match.product.price), stock: format.number(match.product.stock_quantity) })
            : t('form.fromPriceList', { name: match.product.name, price: format.sar(match.product.price) })}
        </Caption1>
      )}
      <Checkbox
        checked={values.quoted}
        onChange={(_, data) => onChange(line.id, { quoted: data.checked === true })}
        label={t('form.quoteLine')}
        name={`${id}-quoted`}
        data-testid="line-quoted"
      />
      {values.quoted && (
        <>
          <div className={styles.fields}>
            <Field label={t('form.unitPrice', { unit: line.unit })} required {...field('unit_price')}>
              <Input name="unit_price" {...DECIMAL_INPUT} value={values.unit_price} onChange={set('unit_price')} />
            </Field>
            <Field label={t('form.available')} hint={t('form.availableHint', { quantity: format.number(line.quantity) })} {...field('quantity')}>
              <Input name="quantity" {...DECIMAL_INPUT} value={values.quantity} onChange={set('quantity')} />
            </Field>
          </div>
          {substitutes.length > 0 && (
            <Field label={t('form.substitute')}>
              <Select name="substitute_product_id" value={values.substitute_product_id} onChange={set('substitute_product_id')}>
                <option value="">{t('form.noSubstitute')}</option>
                {substitutes.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field label={t('form.note')} hint={t('form.noteHint')} {...field('note')}>
            <Input name="note" value={values.note} onChange={set('note')} />
          </Field>
          {amounts && (
            <span className={styles.total} data-testid="line-total">
              {t('form.lineTotal', { quantity: format.number(amounts.quantity), total: format.sar(amounts.line_total), vat: format.sar(amounts.vat_amount) })}
            </span>
          )}
        </>
      )}
    </div>
  );
});
