/**
 * /purchase-requests/new (?site_id= from a site's page): any member raises a request on an
 * active site: lines picked from the site's budget lines (the estimated price prefilled from
 * the market median the device holds for their category and unit) or typed freely, with a
 * quantity, a unit and an estimated price; when it is needed and a note. While it is typed
 * it shows its amount with VAT and the levels it will need under the site's rules. Sending
 * queues it in the outbox with ids chosen here, so it is raised offline alike, shows at
 * once marked waiting, and lands once.
 */
import { Button, Field, Input, Select, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, SendRegular } from '@fluentui/react-icons';
import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MAX } from '../../../shared/schemas/common';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { FieldPair } from '../../ui/FormDialog';
import { DECIMAL_INPUT } from '../../ui/formInput';
import { useSites } from '../sites/queries';
import { usePeopleNames, useLevelLabel } from './levels';
import { useMarketMedian } from './marketPrices';
import { useRequestMutations } from './mutations';
import { useMyUserId } from './queries';
import { emptyRequest, lineFromBudget, newRequestLine, requestSummary, validateRequest, type DraftRequestLine, type RequestDraft, type RequestErrors, type RequestFormError } from './requestForm';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL, maxInlineSize: '960px' },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  section: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    minInlineSize: 0,
  },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  line: { display: 'grid', gap: tokens.spacingVerticalS, paddingBlockEnd: tokens.spacingVerticalM, borderBlockEndWidth: '1px', borderBlockEndStyle: 'solid', borderBlockEndColor: tokens.colorNeutralStroke2, minInlineSize: 0 },
  lineHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  row: { display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, fontWeight: tokens.fontWeightSemibold },
  money: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  levels: { margin: 0, padding: 0, listStyleType: 'none', display: 'grid', gap: tokens.spacingVerticalXXS },
});

type Update = Dispatch<SetStateAction<RequestDraft>>;
const setLine = (update: Update, id: string, patch: Partial<DraftRequestLine> | ((l: DraftRequestLine) => DraftRequestLine)) =>
  update((v) => ({ ...v, lines: v.lines.map((l) => (l.id === id ? (typeof patch === 'function' ? patch(l) : { ...l, ...patch }) : l)) }));

export function RequestForm() {
  const styles = useStyles();
  const { t } = useTranslation('purchase-requests');
  const format = useFormat();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const me = useMyUserId();
  const people = usePeopleNames(me);
  const levelLabel = useLevelLabel();
  const median = useMarketMedian();
  const { create } = useRequestMutations();
  const sites = useSites()?.filter((s) => s.status === 'active');
  const [draft, update] = useState<RequestDraft>(() => emptyRequest(search.get('site_id') ?? ''));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors: RequestErrors | null = useMemo(() => (tried ? validateRequest(draft).errors : null), [tried, draft]);
  const site = sites?.find((s) => s.id === draft.site_id);
  const summary = requestSummary(draft, site?.levels ?? []);
  const budgetLines = [...(site?.budget_lines ?? [])].sort((a, b) => a.position - b.position);

  const message = (key: RequestFormError | undefined) => (key ? t(`form.errors.${key}`) : undefined);
  const state = (key: RequestFormError | undefined) => ({ validationMessage: message(key), validationState: key ? ('error' as const) : ('none' as const) });

  const chooseBudgetLine = (line: DraftRequestLine, budgetLineId: string) => {
    const budget = budgetLines.find((b) => b.id === budgetLineId);
    setLine(update, line.id, budget ? lineFromBudget(line, budget, median) : { budget_line_id: null, market_median: null });
  };

  const submit = async () => {
    const { input } = validateRequest(draft);
    setTried(true);
    if (!input) return;
    setBusy(true);
    try {
      const id = await create(input);
      void navigate(`${PATHS.purchaseRequests}/${id}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.root} aria-labelledby="screen-title" data-testid="request-form">
      <BackLink to={PATHS.purchaseRequests} label={t('back')} />
      <h1 id="screen-title" className={styles.title}>
        {t('form.title')}
      </h1>
      <Text className={styles.muted}>{t('form.intro')}</Text>

      <div className={styles.section}>
        <Field label={t('form.site')} required {...state(errors?.head.site_id)} hint={sites && sites.length === 0 ? t('form.noSites') : undefined}>
          <Select
            value={draft.site_id}
            // Another site has other budget lines: lines taken from the one before become free lines.
            onChange={(_, d) => update((v) => ({ ...v, site_id: d.value, lines: v.lines.map((l) => ({ ...l, budget_line_id: null })) }))}
            data-testid="request-site"
          >
            <option value="">{t('form.chooseSite')}</option>
            {(sites ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('form.needed_by')} {...state(errors?.head.needed_by)}>
          <Input type="date" value={draft.needed_by} onChange={(_, d) => update((v) => ({ ...v, needed_by: d.value }))} data-testid="request-needed-by" />
        </Field>
        <Field label={t('form.note')} {...state(errors?.head.note)}>
          <Textarea value={draft.note} onChange={(_, d) => update((v) => ({ ...v, note: d.value }))} maxLength={MAX.text} resize="vertical" data-testid="request-note" />
        </Field>
      </div>

      <section className={styles.section} aria-labelledby="lines-title">
        <h2 id="lines-title" className={styles.h2}>
          {t('form.lines')}
        </h2>
        {errors?.head.lines && <Text className={styles.muted}>{message(errors.head.lines)}</Text>}
        {draft.lines.map((line, i) => {
          const e = errors?.lines[line.id] ?? {};
          const n = format.number(i + 1);
          return (
            <div key={line.id} className={styles.line} role="group" aria-label={t('form.line', { n })} data-testid="request-line">
              <div className={styles.lineHead}>
                <span>{t('form.line', { n })}</span>
                {draft.lines.length > 1 && (
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('form.removeLine', { n })}
                    onClick={() => update((v) => ({ ...v, lines: v.lines.filter((l) => l.id !== line.id) }))}
                    data-testid="request-line-remove"
                  />
                )}
              </div>
              {budgetLines.length > 0 && (
                <Field label={t('form.budgetLine')}>
                  <Select value={line.budget_line_id ?? ''} onChange={(_, d) => chooseBudgetLine(line, d.value)} data-testid="request-line-budget">
                    <option value="">{t('form.freeLine')}</option>
                    {budgetLines.map((b) => (
                      <option key={b.id} value={b.id}>
                        {b.code ? `${b.code} · ${b.description}` : b.description}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
              <Field label={t('form.description')} required {...state(e.description)}>
                <Input value={line.description} onChange={(_, d) => setLine(update, line.id, { description: d.value })} maxLength={MAX.text} data-testid="request-line-description" />
              </Field>
              <FieldPair>
                <Field label={t('form.quantity')} required {...state(e.quantity)}>
                  <Input {...DECIMAL_INPUT} value={line.quantity} onChange={(_, d) => setLine(update, line.id, { quantity: d.value })} data-testid="request-line-quantity" />
                </Field>
                <Field label={t('form.unit')} required {...state(e.unit)}>
                  <Input value={line.unit} onChange={(_, d) => setLine(update, line.id, { unit: d.value })} maxLength={MAX.unit} data-testid="request-line-unit" />
                </Field>
              </FieldPair>
              <Field
                label={t('form.price')}
                {...state(e.estimated_unit_price)}
                hint={line.market_median !== null ? t('form.fromMarket', { price: format.sar(line.market_median) }) : line.budget_line_id ? t('form.noMarket') : undefined}
              >
                <Input {...DECIMAL_INPUT} value={line.estimated_unit_price} onChange={(_, d) => setLine(update, line.id, { estimated_unit_price: d.value })} data-testid="request-line-price" />
              </Field>
            </div>
          );
        })}
        <div className={styles.actions}>
          <Button icon={<AddRegular />} onClick={() => update((v) => ({ ...v, lines: [...v.lines, newRequestLine()] }))} data-testid="request-add-line">
            {t('form.addLine')}
          </Button>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="summary-title" aria-live="polite" data-testid="request-summary">
        <h2 id="summary-title" className={styles.h2}>
          {t('form.summary')}
        </h2>
        <div className={styles.row}>
          <span>{t('form.amount')}</span>
          <span className={styles.money} data-testid="request-summary-amount" data-value={summary.amount ?? ''} data-money>
            {summary.amount === null ? t('form.amountUnknown') : format.sar(summary.amount)}
          </span>
        </div>
        <div>
          <Text weight="semibold">{t('form.levels')}</Text>
          {site && summary.levels.length === 0 ? (
            <Text as="p" className={styles.muted} data-testid="request-summary-levels" data-levels="">
              {t('form.noLevels')}
            </Text>
          ) : (
            <ol className={styles.levels} data-testid="request-summary-levels" data-levels={summary.levels.join(',')}>
              {summary.levels.map((n) => (
                <li key={n}>
                  {levelLabel(site?.levels ?? [], n)}: <bdi>{people.list(site?.levels[n - 1]?.approver_ids ?? [])}</bdi>
                </li>
              ))}
            </ol>
          )}
        </div>
        {summary.amount === null && summary.complete && <Text className={styles.muted}>{t('form.unpricedNote')}</Text>}
        <Text className={styles.muted}>{t('form.splitNote')}</Text>
      </section>

      <div className={styles.actions}>
        <Button appearance="primary" icon={<SendRegular />} disabled={busy} onClick={() => void submit()} data-testid="request-submit">
          {t('form.submit')}
        </Button>
        <Button onClick={() => void navigate(PATHS.purchaseRequests)}>{t('form.cancel')}</Button>
      </div>
    </section>
  );
}
