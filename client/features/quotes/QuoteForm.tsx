import { Button, Caption1, Field, Input, MessageBar, MessageBarBody, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ValidationFailed } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { WHOLE_INPUT } from '../../ui/formInput';
import { FieldPair } from '../../ui/FormDialog';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { MoneyTotals } from '../../ui/MoneyTotals';
import { VAT_RATE } from '../../../shared/vat';
import { useCategoryName } from '../products/categoryNames';
import { LineEditor, type LinePatch } from './LineEditor';
import { useQuoteMutations } from './mutations';
import { matchLines } from './prefill';
import type { QuoteContext } from './queries';
import { noErrors, quoteTotals, quoteValuesFrom, validateQuote, type QuoteErrors, type QuoteFormError, type QuoteValues } from './quoteForm';

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM, minWidth: 0 },
  lines: { display: 'grid', gap: tokens.spacingVerticalM, minWidth: 0 },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  terms: { display: 'grid', gap: tokens.spacingVerticalM, ...CARD_SURFACE },
  submit: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** Message of an error key: the shared ones in common, the form's own in quotes. */
function useErrorText() {
  const { t } = useTranslation(['quotes', 'common']);
  return useCallback(
    (key: QuoteFormError | undefined) => (!key ? undefined : key === 'required' || key === 'invalid' ? t(`common:validation.${key}`) : t(`form.errors.${key}`)),
    [t],
  );
}

/**
 * The quote form of an open RFQ: every line, prefilled from the supplier's price list
 * where one of their products matches (or from their quote as sent, for a revision), the
 * delivery terms, and the totals with VAT as the form stands. Sending stores the quote in
 * the outbox and goes back to the inbox, where it shows as waiting to send until the
 * server has it.
 */
export function QuoteForm({ ctx }: { ctx: QuoteContext }) {
  const styles = useStyles();
  const { t } = useTranslation(['quotes', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const categoryName = useCategoryName();
  const { submit } = useQuoteMutations();
  const { rfq, quote, own, skus } = ctx;
  const lines = useMemo(() => [...rfq.lines].sort((a, b) => a.position - b.position), [rfq.lines]);
  const matches = useMemo(() => matchLines(lines, own, (id) => skus.get(id)), [lines, own, skus]);
  const [values, setValues] = useState<QuoteValues>(() => quoteValuesFrom(lines, quote, matches, rfq.closes_at));
  const [errors, setErrors] = useState<QuoteErrors>({ fields: {}, lines: {} });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const writing = useRef(false);

  const onLine = useCallback((lineId: string, patch: LinePatch) => setValues((v) => ({ ...v, lines: { ...v.lines, [lineId]: { ...v.lines[lineId]!, ...patch } } })), []);
  const set = (name: 'delivery_days' | 'valid_until' | 'notes') => (_: unknown, data: { value: string }) => setValues((v) => ({ ...v, [name]: data.value }));
  const field = (name: 'delivery_days' | 'valid_until' | 'notes') => ({
    validationMessage: errorText(errors.fields[name]),
    validationState: errors.fields[name] ? ('error' as const) : ('none' as const),
  });

  // The products that may stand in for a line: the supplier's own in the line's category.
  const substitutesOf = useMemo(() => {
    const byCategory = new Map<string, typeof own>();
    for (const p of own) if (p.category_id) byCategory.set(p.category_id, [...(byCategory.get(p.category_id) ?? []), p]);
    return (categoryId: string | null) => (categoryId ? (byCategory.get(categoryId) ?? []) : []);
  }, [own]);

  const totals = quoteTotals(values, lines);

  const onSubmit = async () => {
    if (writing.current) return;
    const checked = validateQuote(values, lines);
    setErrors(checked.errors);
    if (!checked.input || !noErrors(checked.errors)) {
      // The first field in error takes the focus, so a long form shows what to mend.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="quote-form"] [aria-invalid="true"]')?.focus());
      return;
    }
    writing.current = true;
    setBusy(true);
    setFailed(false);
    try {
      await submit(rfq.id, checked.input, quote?.id);
      void navigate(PATHS.quotes);
    } catch (error) {
      if (error instanceof ValidationFailed) setErrors((e) => ({ ...e, form: 'invalid' }));
      else setFailed(true);
    } finally {
      writing.current = false;
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="quote-form"
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <h2 className={styles.h2}>{t('form.linesTitle', { count: lines.length })}</h2>
      <div className={styles.lines}>
        {lines.map((line) => (
          <LineEditor
            key={line.id}
            line={line}
            values={values.lines[line.id]!}
            errors={errors.lines[line.id]}
            match={matches.get(line.id)}
            substitutes={substitutesOf(line.category_id)}
            categoryName={categoryName({ category_id: line.category_id, category_name: null })}
            errorText={errorText}
            onChange={onLine}
          />
        ))}
      </div>
      <section className={styles.terms} aria-labelledby="quote-terms">
        <h2 id="quote-terms" className={styles.h2}>
          {t('form.termsTitle')}
        </h2>
        <FieldPair>
          <Field label={t('form.deliveryDays')} required {...field('delivery_days')}>
            <Input name="delivery_days" {...WHOLE_INPUT} value={values.delivery_days} onChange={set('delivery_days')} />
          </Field>
          <Field label={t('form.validUntil')} required {...field('valid_until')}>
            <Input name="valid_until" type="date" value={values.valid_until} onChange={set('valid_until')} />
          </Field>
        </FieldPair>
        <Field label={t('form.notes')} {...field('notes')}>
          <Textarea name="notes" value={values.notes} onChange={set('notes')} resize="vertical" />
        </Field>
        <Caption1 data-testid="quote-priced">{t('form.priced', { count: totals.lines, total: format.number(lines.length) })}</Caption1>
        <MoneyTotals
          testId="quote-totals"
          subtotal={{ term: t('form.subtotal'), value: format.sar(totals.subtotal), testId: 'quote-subtotal' }}
          vat={{ term: t('form.vat', { rate: format.number(VAT_RATE, { style: 'percent' }) }), value: format.sar(totals.vat_total), testId: 'quote-vat' }}
          total={{ term: t('form.total'), value: format.sar(totals.total), testId: 'quote-total' }}
        />
      </section>
      {errors.form && (
        <MessageBar layout="multiline" intent="error" data-testid="quote-form-error">
          <MessageBarBody>{errorText(errors.form)}</MessageBarBody>
        </MessageBar>
      )}
      {failed && (
        <MessageBar layout="multiline" intent="error" data-testid="form-failed">
          <MessageBarBody>{t('form.failed')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.submit}>
        <Button appearance="primary" type="submit" disabled={busy} data-testid="quote-submit">
          {quote ? t('form.sendRevision') : t('form.send')}
        </Button>
        <Button type="button" onClick={() => void navigate(PATHS.quotes)}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
