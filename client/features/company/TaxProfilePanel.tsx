/**
 * The company's tax profile ("Tax profile / الملف الضريبي"): what its ZATCA invoices say
 * about it. Owner and members read it from the local store; the owner edits it, online or
 * off, through the outbox (tax_profile.save), as the company's profile is edited: the
 * edit shows at once, waits visibly, and a refusal shows here with its reason.
 */
import { Button, Card, Field, Input, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxProfile } from '../../../shared/schemas/tax-profile';
import { DEFAULT_PAYMENT_TERMS_DAYS, type PaymentTermsDays } from '../../../shared/schemas/payment';
import { PaymentTermsSelect } from '../payments/PaymentTermsSelect';
import { ValidationFailed, usePendingKeys } from '../../data/local/hooks';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { useSaveTaxProfile } from './mutations';
import { companyProfileKey, useCompanyTaxProfile } from './queries';
import { Identifier } from '../../ui/Identifier';
import {
  TAX_PROFILE_FIELDS,
  initialTaxProfileValues,
  taxProfileIssuesToErrors,
  toTaxProfileBody,
  validateTaxProfile,
  type TaxProfileErrors,
  type TaxProfileField,
  type TaxProfileValues,
} from './taxProfileForm';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', justifyContent: 'space-between' },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  list: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalS, margin: 0 },
  // Two equal columns where they fit (a VAT number or an IBAN on one line at phone width), stacked where not.
  pair: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', columnGap: tokens.spacingHorizontalM },
  dt: { color: tokens.colorNeutralForeground2 },
  dd: { margin: 0, overflowWrap: 'anywhere' },
  form: { display: 'grid', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** Numbers and codes read left to right inside Arabic text. */
/** Numbers kept whole on one line when shown. */
const IDENTIFIER_FIELDS = new Set<TaxProfileField>(['vat_number', 'cr_number', 'iban']);
const LTR_FIELDS = new Set<TaxProfileField>(['vat_number', 'cr_number', 'iban', 'building_number', 'postal_code', 'additional_number', 'legal_name_en']);
const NUMERIC_FIELDS = new Set<TaxProfileField>(['vat_number', 'cr_number', 'building_number', 'postal_code', 'additional_number']);
const REQUIRED = new Set<TaxProfileField>(['legal_name', 'vat_number', 'cr_number', 'building_number', 'street', 'district', 'city', 'postal_code']);

export function TaxProfilePanel({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('company');
  const profile = useCompanyTaxProfile(accountId);
  const pending = usePendingKeys().has(companyProfileKey(accountId));
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  return (
    <Card className={styles.root} data-testid="tax-profile">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('taxProfile.title')}</h2>
        {pending && <PendingBadge />}
        {canEdit && !editing && (
          <Button
            icon={<EditRegular />}
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
            data-testid="tax-profile-edit"
          >
            {t(profile ? 'taxProfile.edit' : 'taxProfile.add')}
          </Button>
        )}
      </div>
      <Text className={styles.muted}>{t('taxProfile.intro')}</Text>
      {saved && (
        <MessageBar layout="multiline" intent="success" role="status" data-testid="tax-profile-saved">
          <MessageBarBody>{t('taxProfile.saved')}</MessageBarBody>
        </MessageBar>
      )}
      <RefusalNote rowKey={companyProfileKey(accountId)} />
      {editing ? (
        <TaxProfileForm
          profile={profile}
          onDone={(ok) => {
            setEditing(false);
            setSaved(ok);
          }}
        />
      ) : profile ? (
        <TaxProfileView profile={profile} />
      ) : (
        <Text className={styles.muted} data-testid="tax-profile-empty">
          {t(canEdit ? 'taxProfile.emptyOwner' : 'taxProfile.emptyMember')}
        </Text>
      )}
    </Card>
  );
}

function TaxProfileView({ profile }: { profile: TaxProfile }) {
  const styles = useStyles();
  const { t } = useTranslation(['company', 'payments']);
  const values = initialTaxProfileValues(profile);
  return (
    <dl className={styles.list} data-testid="tax-profile-view">
      {TAX_PROFILE_FIELDS.map((field) => (
        <div key={field} className={styles.pair}>
          <dt className={styles.dt}>{t(`taxProfile.fields.${field}`)}</dt>
          <dd className={styles.dd} data-testid={`tax-profile-${field}`} dir={LTR_FIELDS.has(field) && values[field] ? 'ltr' : undefined}>
            {values[field] ? (
              IDENTIFIER_FIELDS.has(field) ? <Identifier>{values[field]}</Identifier> : values[field]
            ) : (
              <span className={styles.muted}>{t('taxProfile.notGiven')}</span>
            )}
          </dd>
        </div>
      ))}
      <div className={styles.pair}>
        <dt className={styles.dt}>{t('taxProfile.defaultTerms')}</dt>
        <dd className={styles.dd} data-testid="tax-profile-default-terms">
          {t(`payments:terms.days${profile.default_payment_terms_days}`)}
        </dd>
      </div>
    </dl>
  );
}

function TaxProfileForm({ profile, onDone }: { profile: TaxProfile | null; onDone: (saved: boolean) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('company');
  const save = useSaveTaxProfile();
  const [values, setValues] = useState<TaxProfileValues>(() => initialTaxProfileValues(profile));
  const [terms, setTerms] = useState<PaymentTermsDays>(profile?.default_payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS);
  const [errors, setErrors] = useState<TaxProfileErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: TaxProfileField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateTaxProfile(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await save({ ...toTaxProfileBody(values), default_payment_terms_days: terms });
      onDone(true);
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      setErrors(taxProfileIssuesToErrors(error.issues, values));
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="tax-profile-form">
      {TAX_PROFILE_FIELDS.map((field) => (
        <Field
          key={field}
          label={t(`taxProfile.fields.${field}`)}
          required={REQUIRED.has(field)}
          hint={t(`taxProfile.hints.${field}`, { defaultValue: '' }) || undefined}
          validationMessage={errors[field] ? t(`taxProfile.errors.${errors[field]}`) : undefined}
        >
          <Input
            name={field}
            dir={LTR_FIELDS.has(field) ? 'ltr' : undefined}
            inputMode={NUMERIC_FIELDS.has(field) ? 'numeric' : undefined}
            autoComplete="off"
            value={values[field]}
            onChange={(_, d) => set(field, d.value)}
            data-testid={`tax-profile-input-${field}`}
          />
        </Field>
      ))}
      <PaymentTermsSelect label={t('taxProfile.defaultTerms')} hint={t('taxProfile.defaultTermsHint')} value={terms} onChange={setTerms} testId="tax-profile-default-terms-input" />
      <Text size={200} className={styles.muted}>
        {t('taxProfile.offlineNote')}
      </Text>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={busy} data-testid="tax-profile-save">
          {t('taxProfile.save')}
        </Button>
        <Button onClick={() => onDone(false)} disabled={busy}>
          {t('taxProfile.cancel')}
        </Button>
      </div>
    </form>
  );
}
