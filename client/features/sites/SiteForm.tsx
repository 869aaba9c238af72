/**
 * /sites/new (the owner): the site's name, place, dates and manager, and its budget lines,
 * typed one by one or imported from a bill of quantities (the RFQ's import, read with the
 * budget's fields: budgetImport.ts). Creating queues it in the outbox with an id chosen
 * here, so it is made offline alike, shows at once marked waiting, and lands once.
 */
import { Button, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, SaveRegular } from '@fluentui/react-icons';
import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { FieldPair } from '../../ui/FormDialog';
import { DECIMAL_INPUT, parseNumber } from '../../ui/formInput';
import { useOnline } from '../../ui/useOnline';
import { useCategories } from '../products/queries';
import { BoqImport, type BoqReading } from '../rfqs/BoqImport';
import { useCategoryLabel } from '../rfqs/useCategoryLabel';
import { BUDGET_FIELDS, BUDGET_HEADERS, checkBudget, type BudgetField, type BudgetRow } from './budgetImport';
import { useSiteMembers } from './members';
import { useSiteMutations } from './mutations';
import { emptySite, newBudgetLine, validateSite, type DraftBudgetLine, type SiteDraft, type SiteErrors, type SiteFormError } from './siteForm';

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
  lineHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  total: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, fontWeight: tokens.fontWeightSemibold },
  money: { whiteSpace: 'nowrap' },
});

type Update = Dispatch<SetStateAction<SiteDraft>>;
const setLine = (update: Update, id: string, patch: Partial<DraftBudgetLine>) => update((v) => ({ ...v, lines: v.lines.map((l) => (l.id === id ? { ...l, ...patch } : l)) }));

export function SiteForm() {
  const styles = useStyles();
  const { t } = useTranslation('sites');
  const format = useFormat();
  const navigate = useNavigate();
  const online = useOnline();
  const members = useSiteMembers();
  const categories = useCategories();
  const categoryName = useCategoryLabel();
  const { create } = useSiteMutations();
  const [draft, update] = useState<SiteDraft>(emptySite);
  // Once a create was refused, the errors follow what is typed: a field fixed loses its message at once.
  const [tried, setTried] = useState(false);
  const errors: SiteErrors | null = useMemo(() => (tried ? validateSite(draft).errors : null), [tried, draft]);
  const [busy, setBusy] = useState(false);

  const message = (key: SiteFormError | undefined) => (key ? t(`form.errors.${key}`) : undefined);
  const field = (name: keyof SiteErrors['head']) => ({
    validationMessage: message(errors?.head[name]),
    validationState: errors?.head[name] ? ('error' as const) : ('none' as const),
  });
  const set = (name: 'name' | 'location' | 'starts_on' | 'ends_on' | 'manager_id') => (_: unknown, d: { value: string }) => update((v) => ({ ...v, [name]: d.value }));

  // The bill of quantities read with the budget's fields: a code and an amount beside the RFQ's.
  const reader = useMemo(
    (): BoqReading<BudgetField, BudgetRow> => ({
      fields: BUDGET_FIELDS,
      headers: BUDGET_HEADERS,
      check: (rows, mapping, ctx, chosen) => checkBudget(rows, mapping, ctx, chosen),
      fieldLabel: (f) => t(`boq.${f}`),
      issueLabel: (issue) => (issue === 'missing_amount' || issue === 'amount_not_number' ? t(`boq.issues.${issue}`) : undefined),
      columns: [
        { header: t('boq.code'), width: 'minmax(64px,1fr)', cell: (r) => <bdi>{r.code}</bdi> },
        { header: t('boq.amount'), width: 'minmax(96px,1fr)', cell: (r) => (r.budget_amount === null ? '' : format.sar(r.budget_amount)) },
      ],
    }),
    [t, format],
  );

  const total = draft.lines.reduce((sum, l) => sum + Math.round((parseNumber(l.budget_amount) ?? 0) * 100), 0) / 100;

  const submit = async () => {
    const { input } = validateSite(draft);
    setTried(true);
    if (!input) return;
    setBusy(true);
    try {
      const id = await create(input);
      void navigate(`${PATHS.sites}/${id}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.root} aria-labelledby="screen-title" data-testid="site-form">
      <BackLink to={PATHS.sites} label={t('back')} />
      <h1 id="screen-title" className={styles.title}>
        {t('form.title')}
      </h1>
      <Text className={styles.muted}>{t('form.intro')}</Text>

      <div className={styles.section}>
        <Field label={t('form.name')} required {...field('name')}>
          <Input value={draft.name} onChange={set('name')} maxLength={200} data-testid="site-name" />
        </Field>
        <Field label={t('form.location')} required {...field('location')}>
          <Input value={draft.location} onChange={set('location')} maxLength={300} data-testid="site-location" />
        </Field>
        <FieldPair>
          <Field label={t('form.starts_on')} {...field('starts_on')}>
            <Input type="date" value={draft.starts_on} onChange={set('starts_on')} data-testid="site-starts" />
          </Field>
          <Field label={t('form.ends_on')} {...field('ends_on')}>
            <Input type="date" value={draft.ends_on} onChange={set('ends_on')} data-testid="site-ends" />
          </Field>
        </FieldPair>
        <Field label={t('form.manager')} {...field('manager_id')} hint={members.unavailable && !members.list ? t('form.membersOffline') : undefined}>
          <Select value={draft.manager_id} onChange={set('manager_id')} disabled={!members.list} data-testid="site-manager-select">
            <option value="">{t('form.noManager')}</option>
            {(members.list ?? []).map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.name ?? m.email}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <section className={styles.section} aria-labelledby="budget-lines-title">
        <h2 id="budget-lines-title" className={styles.h2}>
          {t('form.lines', { count: draft.lines.length })}
        </h2>
        {draft.lines.length === 0 && <Text className={styles.muted}>{t('form.noLines')}</Text>}
        {draft.lines.map((line, i) => (
          <LineFields key={line.id} line={line} position={i + 1} errors={errors?.lines[line.id]} message={message} categories={categories ?? []} categoryName={categoryName} update={update} />
        ))}
        <div className={styles.actions}>
          <Button icon={<AddRegular />} onClick={() => update((v) => ({ ...v, lines: [...v.lines, newBudgetLine()] }))} data-testid="add-budget-line">
            {t('form.addLine')}
          </Button>
        </div>
        {draft.lines.length > 0 && (
          <div className={styles.total}>
            <span>{t('form.total')}</span>
            <span className={styles.money} data-testid="site-form-total" data-money>
              {format.sar(total)}
            </span>
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="site-boq-title">
        <h2 id="site-boq-title" className={styles.h2}>
          {t('form.boqTitle')}
        </h2>
        <Text className={styles.muted}>{t('form.boqBody')}</Text>
        <BoqImport
          categoryName={categoryName}
          reader={reader}
          onLines={(rows) =>
            update((v) => ({
              ...v,
              lines: [
                ...v.lines,
                ...rows.map((r) =>
                  newBudgetLine({ code: r.code, description: r.description, quantity: String(r.quantity ?? ''), unit: r.unit, category_id: r.category_id, budget_amount: String(r.budget_amount ?? '') }),
                ),
              ],
            }))
          }
        />
      </section>

      <div className={styles.actions}>
        <Button appearance="primary" icon={<SaveRegular />} disabled={busy} onClick={() => void submit()} data-testid="create-site">
          {t('form.create')}
        </Button>
        {!online && <Text className={styles.muted}>{t('form.offline')}</Text>}
      </div>
    </section>
  );
}

function LineFields({
  line,
  position,
  errors,
  message,
  categories,
  categoryName,
  update,
}: {
  line: DraftBudgetLine;
  position: number;
  errors: SiteErrors['lines'][string] | undefined;
  message: (key: SiteFormError | undefined) => string | undefined;
  categories: ReadonlyArray<{ id: string }>;
  categoryName: (id: string | null) => string;
  update: Update;
}) {
  const styles = useStyles();
  const { t } = useTranslation('sites');
  const format = useFormat();
  const state = (f: keyof NonNullable<typeof errors>) => ({
    validationMessage: message(errors?.[f]),
    validationState: errors?.[f] ? ('error' as const) : ('none' as const),
  });
  const label = t('form.lineLabel', { n: format.number(position) });
  return (
    <div className={styles.line} data-testid="budget-line-fields" role="group" aria-label={label}>
      <div className={styles.lineHead}>
        <Text weight="semibold">{label}</Text>
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          aria-label={t('form.removeLine', { n: format.number(position) })}
          onClick={() => update((v) => ({ ...v, lines: v.lines.filter((l) => l.id !== line.id) }))}
          data-testid="remove-budget-line"
        />
      </div>
      <FieldPair>
        <Field label={t('form.code')} {...state('code')}>
          <Input value={line.code} onChange={(_, d) => setLine(update, line.id, { code: d.value })} data-testid="line-code" />
        </Field>
        <Field label={t('form.category')}>
          <Select value={line.category_id ?? ''} onChange={(_, d) => setLine(update, line.id, { category_id: d.value || null })} data-testid="line-category">
            <option value="">{t('form.noCategory')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {categoryName(c.id)}
              </option>
            ))}
          </Select>
        </Field>
      </FieldPair>
      <Field label={t('form.description')} required {...state('description')}>
        <Input value={line.description} onChange={(_, d) => setLine(update, line.id, { description: d.value })} data-testid="line-description" />
      </Field>
      <FieldPair>
        <Field label={t('form.quantity')} required {...state('quantity')}>
          <Input {...DECIMAL_INPUT} value={line.quantity} onChange={(_, d) => setLine(update, line.id, { quantity: d.value })} data-testid="line-quantity" />
        </Field>
        <Field label={t('form.unit')} required {...state('unit')}>
          <Input value={line.unit} onChange={(_, d) => setLine(update, line.id, { unit: d.value })} data-testid="line-unit" />
        </Field>
      </FieldPair>
      <Field label={t('form.budget_amount')} required {...state('budget_amount')}>
        <Input {...DECIMAL_INPUT} value={line.budget_amount} onChange={(_, d) => setLine(update, line.id, { budget_amount: d.value })} data-testid="line-budget" />
      </Field>
    </div>
  );
}
