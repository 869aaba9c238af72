import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { PATHS } from '../../paths';
import { ApiError } from '../../data/api';
import { saveProfile } from '../../data/api/profile';
import { useSession } from '../../data/session';
import { toLanguageCode } from '../../i18n/languages';
import {
  initialProfileValues,
  profileIssuesToErrors,
  toProfileBody,
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from './profileForm';
import { RolePicker } from './RolePicker';
import { setupReturnTo } from './setupReturn';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderBlockEndWidth: '1px',
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
  },
  brand: { marginInlineEnd: 'auto', fontWeight: tokens.fontWeightBold, fontSize: tokens.fontSizeBase500, color: tokens.colorBrandForeground1 },
  main: { maxInlineSize: '720px', marginInline: 'auto', paddingBlock: tokens.spacingVerticalXL, paddingInline: tokens.spacingHorizontalL },
  title: { marginBlock: `0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase600 },
  intro: { marginBlock: `0 ${tokens.spacingVerticalL}`, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  legend: { fontWeight: tokens.fontWeightSemibold, marginBlockEnd: tokens.spacingVerticalS, paddingInline: 0 },
  fieldset: { border: 'none', margin: 0, padding: 0 },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

const INPUTS: Array<{ field: Exclude<ProfileField, 'description'>; type?: 'tel' | 'url'; autoComplete?: string; ltr?: boolean }> = [
  { field: 'company_name', autoComplete: 'organization' },
  { field: 'phone', type: 'tel', autoComplete: 'tel', ltr: true },
  { field: 'city', autoComplete: 'address-level2' },
  { field: 'state', autoComplete: 'address-level1' },
  { field: 'address', autoComplete: 'street-address' },
  { field: 'zip_code', autoComplete: 'postal-code', ltr: true },
  { field: 'website', type: 'url', autoComplete: 'url', ltr: true },
  { field: 'cr_number', ltr: true },
  { field: 'vat_number', ltr: true },
];

/** /setup: choose a role, fill in the profile. */
export function SetupScreen() {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['account', 'common', 'errors']);
  const navigate = useNavigate();
  const { session, setProfile, refresh, logout } = useSession();
  const existing = session.status === 'signedIn' ? session.profile : null;
  const [values, setValues] = useState<ProfileValues>(() => initialProfileValues(existing));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [missingRole, setMissingRole] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const language = toLanguageCode(i18n.resolvedLanguage);
  const location = useLocation();
  const returnTo = setupReturnTo(location.state, session, busy);
  useEffect(() => {
    if (returnTo) void navigate(returnTo, { replace: true });
  }, [returnTo, navigate]);

  const set = (field: keyof ProfileValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'role') setMissingRole(false);
    else if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const check = validateProfile(values, language);
    setMissingRole(check.missingRole);
    setErrors(check.errors);
    if (check.missingRole || Object.keys(check.errors).length > 0) return;
    setBusy(true);
    try {
      const profile = await saveProfile(toProfileBody(values, language));
      setProfile(profile);
      // Setup makes the person their company's owner: the session answer says so (its
      // team and tax pages in the menu), where the one from before setup had no company.
      void refresh();
      void navigate(PATHS.dashboard, { replace: true });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.details.length) setErrors(profileIssuesToErrors(apiError.details));
      setServerError(apiError?.message ?? t('errors:network_error'));
      setBusy(false);
    }
  };

  const onLogout = async () => {
    await logout();
    void navigate(PATHS.home, { replace: true });
  };

  return (
    <>
      <header className={styles.header}>
        <span className={styles.brand}>{t('common:app.name')}</span>
        <LanguageSwitcher />
        <Button appearance="subtle" icon={<SignOutRegular />} onClick={onLogout}>
          {t('common:nav.logout')}
        </Button>
      </header>
      <main className={styles.main}>
        <h1 className={styles.title}>{t('setup.title')}</h1>
        <p className={styles.intro}>{t('setup.intro')}</p>
        <form className={styles.form} onSubmit={submit} noValidate data-testid="setup-form">
          {serverError && (
            <MessageBar layout="multiline" intent="error" role="alert" data-testid="setup-server-error">
              <MessageBarBody>{serverError}</MessageBarBody>
            </MessageBar>
          )}
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('setup.roleLabel')}</legend>
            {missingRole && (
              <MessageBar layout="multiline" intent="warning" role="alert" data-testid="setup-role-alert">
                <MessageBarBody>{t('setup.chooseRole')}</MessageBarBody>
              </MessageBar>
            )}
            <RolePicker value={values.role === 'admin' || values.role === 'driver' ? '' : values.role} onChange={(role) => set('role', role)} locked={Boolean(existing)} />
          </fieldset>
          {INPUTS.map(({ field, type, autoComplete, ltr }) => (
            <Field
              key={field}
              label={t(`setup.fields.${field}`)}
              hint={t(`setup.hints.${field}`, { defaultValue: '' }) || undefined}
              validationMessage={errors[field] ? t(`common:validation.${errors[field]}`) : undefined}
            >
              <Input
                name={field}
                type={type ?? 'text'}
                autoComplete={autoComplete}
                dir={ltr ? 'ltr' : undefined}
                value={values[field]}
                onChange={(_, data) => set(field, data.value)}
              />
            </Field>
          ))}
          <Field
            label={t('setup.fields.description')}
            validationMessage={errors.description ? t(`common:validation.${errors.description}`) : undefined}
          >
            <Textarea name="description" value={values.description} onChange={(_, data) => set('description', data.value)} resize="vertical" />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" size="large" disabled={busy} data-testid="setup-submit">
              {busy ? t('setup.saving') : t('setup.submit')}
            </Button>
          </div>
        </form>
      </main>
    </>
  );
}
