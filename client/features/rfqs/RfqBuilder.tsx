/**
 * /rfqs/new: the request being built (a draft kept on this device, draft.ts): title, place,
 * the company's site it buys for (optional; then each line may name a budget line of it),
 * dates, lines typed one by one, added from catalogue cards or imported from a bill of
 * quantities, and who it goes to (the market, or chosen suppliers). Sending queues it in
 * the outbox, so it is built and sent offline alike and reaches the server once.
 *
 * The same form edits a sent request (RfqEdit.tsx) until its first quote: everything but
 * who it goes to, since those suppliers were already told of it, and its site. It also
 * makes the RFQ of an approved purchase request (RfqFromRequest.tsx), whose site and lines
 * are the request's.
 */
import { Button, Checkbox, Field, Input, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, SendRegular } from '@fluentui/react-icons';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { RfqAudience } from '../../../shared/schemas/rfq';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { FieldPair } from '../../ui/FormDialog';
import { isoToLocal } from '../../ui/formInput';
import { useOnline } from '../../ui/useOnline';
import { useCategories } from '../products/queries';
import { useSite } from '../sites/queries';
import { SiteSelect, budgetLinesOf } from '../sites/SitePicker';
import { BoqImport } from './BoqImport';
import { DraftLineFields } from './DraftLineFields';
import { newLine, useRfqDraft, type RfqDraft, type RfqDraftStore } from './draft';
import { useRfqMutations } from './mutations';
import { useSuppliers } from './queries';
import { validateDraft, type DraftErrors, type RfqFormError, type RfqInput } from './rfqForm';
import { useCategoryLabel } from './useCategoryLabel';

const DAY = 24 * 60 * 60 * 1000;
/** How long a new request takes quotes unless the contractor says otherwise. */
const DEFAULT_OPEN_DAYS = 3;

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
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
  muted: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  suppliers: { display: 'grid', gap: tokens.spacingVerticalXS, maxBlockSize: '240px', overflowY: 'auto' },
  picker: { display: 'grid', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, border: 'none', minInlineSize: 0 },
});

type UpdateDraft = RfqDraftStore['update'];
const setField = (update: UpdateDraft, name: 'title' | 'location' | 'needed_by' | 'closes_at') => (_: unknown, d: { value: string }) => update((v) => ({ ...v, [name]: d.value }));

export function RfqBuilder() {
  const { t } = useTranslation('rfqs');
  const navigate = useNavigate();
  const { draft, update, clear } = useRfqDraft();
  const { create } = useRfqMutations();

  // A new draft closes a few days from now unless the contractor chooses another time.
  useEffect(() => {
    if (!draft.closes_at) update((v) => ({ ...v, closes_at: isoToLocal(new Date(Date.now() + DEFAULT_OPEN_DAYS * DAY).toISOString()) }));
  }, [draft.closes_at, update]);

  return (
    <RfqForm
      draft={draft}
      update={update}
      heading={t('builder.title')}
      backTo={PATHS.rfqs}
      submit={t('builder.send')}
      submitIcon={<SendRegular />}
      submitTestId="send-rfq"
      onSubmit={async (input) => {
        const id = await create(input);
        clear();
        void navigate(`${PATHS.rfqs}/${id}`);
      }}
    />
  );
}

/**
 * The request's form: its head, its lines (typed, from the catalogue, from a bill of
 * quantities) and who it goes to, checked as the server checks it before `onSubmit`.
 * `audience` given: who it goes to is shown, not chosen (an edit). `blocked` given: the
 * reason it cannot be submitted, instead of the button. `siteLocked`: the site is shown,
 * not chosen (an edit, or a purchase request's RFQ). `lines` given: the lines are shown
 * as given, not edited (a purchase request's, as approved).
 */
export function RfqForm({
  draft,
  update,
  heading,
  backTo,
  submit,
  submitIcon,
  submitTestId,
  onSubmit,
  audience,
  blocked,
  siteLocked,
  lines,
}: {
  draft: RfqDraft;
  update: UpdateDraft;
  heading: string;
  backTo: string;
  submit: string;
  submitIcon: ReactElement;
  submitTestId: string;
  onSubmit: (input: RfqInput) => Promise<void>;
  audience?: ReactNode;
  blocked?: ReactNode;
  siteLocked?: boolean;
  lines?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['rfqs', 'common']);
  const online = useOnline();
  const [errors, setErrors] = useState<DraftErrors | null>(null);
  const [busy, setBusy] = useState(false);
  const site = useSite(draft.site_id ?? '');
  const budgetLines = draft.site_id ? budgetLinesOf(site) : [];
  // Another site has other budget lines: a line's budget line of the one before is dropped. The place is the site's unless one is typed.
  const chooseSite = (chosen: { id: string; location: string } | null) =>
    update((v) => ({ ...v, site_id: chosen?.id ?? null, location: v.location.trim() ? v.location : (chosen?.location ?? ''), lines: v.lines.map((l) => ({ ...l, budget_line_id: null })) }));

  const message = (key: RfqFormError | undefined) => (!key ? undefined : key === 'required' || key === 'invalid' ? t(`common:validation.${key}`) : t(`form.errors.${key}`));
  const field = (name: keyof DraftErrors['head']) => ({
    validationMessage: message(errors?.head[name]),
    validationState: errors?.head[name] ? ('error' as const) : ('none' as const),
  });

  const send = async () => {
    const { errors: found, input } = validateDraft(draft);
    setErrors(found);
    if (!input) return;
    setBusy(true);
    try {
      await onSubmit(input);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <BackLink to={backTo} label={t('back')} />
      <h1 id="screen-title" className={styles.title}>
        {heading}
      </h1>

      <div className={styles.section}>
        <Field label={t('form.fields.title')} required {...field('title')}>
          <Input name="title" value={draft.title} onChange={setField(update, 'title')} maxLength={200} data-testid="rfq-title" />
        </Field>
        {siteLocked ? (
          draft.site_id && (
            <Field label={t('form.fields.site')}>
              <Text data-testid="rfq-site-name">
                <bdi>{site?.name ?? t('form.siteUnknown')}</bdi>
              </Text>
            </Field>
          )
        ) : (
          <SiteSelect value={draft.site_id ?? null} onChange={chooseSite} label={t('form.fields.site')} none={t('form.noSite')} hint={t('form.siteHint')} testId="rfq-site" />
        )}
        <Field label={t('form.fields.location')} required {...field('location')}>
          <Input name="location" value={draft.location} onChange={setField(update, 'location')} data-testid="rfq-location" />
        </Field>
        <FieldPair>
          <Field label={t('form.fields.needed_by')} {...field('needed_by')}>
            <Input name="needed_by" type="date" value={draft.needed_by} onChange={setField(update, 'needed_by')} />
          </Field>
          <Field label={t('form.fields.closes_at')} required {...field('closes_at')}>
            <Input name="closes_at" type="datetime-local" value={draft.closes_at} onChange={setField(update, 'closes_at')} data-testid="rfq-closes" />
          </Field>
        </FieldPair>
      </div>

      {lines ?? <EditableLines draft={draft} update={update} errors={errors} message={message} budgetLines={budgetLines} fromCatalogue={!audience} />}

      <section className={styles.section} aria-labelledby="audience-title">
        <h2 id="audience-title" className={styles.h2}>
          {t('form.fields.audience')}
        </h2>
        {audience ?? (
          <>
            <RadioGroup value={draft.audience} onChange={(_, d) => update((v) => ({ ...v, audience: d.value as RfqAudience }))} data-testid="rfq-audience">
              <Radio value="market" label={t('audience.marketLong')} data-testid="audience-market" />
              <Radio value="invited" label={t('audience.invitedLong')} data-testid="audience-invited" />
            </RadioGroup>
            {draft.audience === 'invited' && <SupplierPicker draft={draft} update={update} error={message(errors?.head.supplier_ids)} />}
          </>
        )}
      </section>

      <div className={styles.actions}>
        {blocked ?? (
          <Button appearance="primary" icon={submitIcon} disabled={busy} onClick={() => void send()} data-testid={submitTestId}>
            {submit}
          </Button>
        )}
        {!online && !blocked && <Text className={styles.muted}>{t('builder.offline')}</Text>}
      </div>
    </section>
  );
}

/** The lines as the buyer types, picks or imports them. `fromCatalogue`: the catalogue's "add to request" fills this draft (a new request's, not a sent one's). */
function EditableLines({
  draft,
  update,
  errors,
  message,
  budgetLines,
  fromCatalogue,
}: {
  draft: RfqDraft;
  update: UpdateDraft;
  errors: DraftErrors | null;
  message: (key: RfqFormError | undefined) => string | undefined;
  budgetLines: ReturnType<typeof budgetLinesOf>;
  fromCatalogue: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const categories = useCategories();
  const categoryName = useCategoryLabel();
  return (
    <>
      <section className={styles.section} aria-labelledby="lines-title">
        <h2 id="lines-title" className={styles.h2}>
          {t('builder.lines', { count: draft.lines.length })}
        </h2>
        {errors?.head.lines && (
          <Text className={styles.error} role="alert">
            {message(errors.head.lines)}
          </Text>
        )}
        {draft.lines.length === 0 && <Text className={styles.muted}>{t('builder.noLines')}</Text>}
        {draft.lines.map((line, i) => (
          <DraftLineFields
            key={line.id}
            line={line}
            position={i + 1}
            errors={errors?.lines[line.id]}
            message={message}
            categories={categories ?? []}
            categoryName={categoryName}
            budgetLines={budgetLines}
            update={update}
          />
        ))}
        <div className={styles.actions}>
          <Button icon={<AddRegular />} onClick={() => update((v) => ({ ...v, lines: [...v.lines, newLine()] }))} data-testid="add-line">
            {t('builder.addLine')}
          </Button>
          {/* The catalogue's "add to request" fills the new request's draft, not a sent one. */}
          {fromCatalogue && <Link to={PATHS.products}>{t('builder.fromCatalogue')}</Link>}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="boq-title">
        <h2 id="boq-title" className={styles.h2}>
          {t('boq.title')}
        </h2>
        <Text className={styles.muted}>{t('boq.body')}</Text>
        <BoqImport
          categoryName={categoryName}
          onLines={(rows) =>
            update((v) => ({
              ...v,
              lines: [
                ...v.lines,
                ...rows.map((r) => newLine({ description: r.description, quantity: String(r.quantity ?? ''), unit: r.unit, category_id: r.category_id, product_id: r.product_id })),
              ],
            }))
          }
        />
      </section>
    </>
  );
}

/**
 * The suppliers an invited request goes to, those selling in its lines' categories first.
 * A fieldset, not a Field: a Field gives its one id to every checkbox inside it, so each
 * supplier's name would label (and a click on it tick) the first checkbox.
 */
function SupplierPicker({ draft, update, error }: { draft: RfqDraft; update: UpdateDraft; error: string | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const suppliers = useSuppliers();
  const wanted = new Set(draft.lines.map((l) => l.category_id).filter(Boolean));
  const sorted = [...(suppliers ?? [])].sort((a, b) => Number(b.categories.some((c) => wanted.has(c))) - Number(a.categories.some((c) => wanted.has(c))));
  const toggle = (id: string, on: boolean) =>
    update((v) => ({ ...v, supplier_ids: on ? [...v.supplier_ids.filter((s) => s !== id), id] : v.supplier_ids.filter((s) => s !== id) }));
  return (
    <fieldset className={styles.picker}>
      <legend>{t('form.fields.suppliers')}</legend>
      <div className={styles.suppliers} data-testid="supplier-picker">
        {sorted.map((s) => (
          <Checkbox
            key={s.id}
            checked={draft.supplier_ids.includes(s.id)}
            onChange={(_, d) => toggle(s.id, d.checked === true)}
            label={s.city ? t('builder.supplierIn', { name: s.name ?? t('someone'), city: s.city }) : (s.name ?? t('someone'))}
          />
        ))}
      </div>
      {error && (
        <Text className={styles.error} role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  );
}
