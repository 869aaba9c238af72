/**
 * /profile: the signed-in user's company details, to view and edit (company, phone in
 * +966 form, city, CR, VAT, website, description). The role is shown and cannot change
 * (409 role_locked). The profile is read from the local store and saved through the
 * outbox (profile.save), so an edit made offline shows at once with "waiting to send" and
 * goes with the next sync; a refusal shows on the screen with its reason.
 */
import { Badge, Button, Card, Field, Input, MessageBar, MessageBarBody, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Rating } from '../../ui/Rating';
import { TierBadge } from '../../ui/TierBadge';
import { ValidationFailed, usePendingKeys } from '../../data/local/hooks';
import { useSession } from '../../data/session';
import type { Profile } from '../../data/types';
import type { ProfileUpsertInput } from '../../../shared/schemas/profile';
import { toLanguageCode } from '../../i18n/languages';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { initialProfileValues, profileIssuesToErrors, toProfileBody, validateProfile, type ProfileErrors, type ProfileValues } from '../setup/profileForm';
import { formatSaudiPhone } from '../../ui/phone';
import { Identifier } from '../../ui/Identifier';
import { useSaveProfile } from './mutations';
import { PushSettings } from './PushSettings';
import { DeleteAccount } from './DeleteAccount';
import { DataExport } from './DataExport';
import { profileKey, useMyProfile } from './queries';
import { accountIdOf } from '../../../shared/schemas/user';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL, maxInlineSize: '760px' },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  list: { display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, margin: 0 },
  pair: { display: 'contents' },
  dt: { color: tokens.colorNeutralForeground2 },
  dd: { margin: 0, overflowWrap: 'anywhere' },
  form: { display: 'grid', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  muted: { color: tokens.colorNeutralForeground2 },
});

type EditableField = 'company_name' | 'phone' | 'city' | 'cr_number' | 'vat_number' | 'website' | 'description';
const FIELDS: Array<{ field: EditableField; type?: 'tel' | 'url'; ltr?: boolean; autoComplete?: string }> = [
  { field: 'company_name', autoComplete: 'organization' },
  { field: 'phone', type: 'tel', ltr: true, autoComplete: 'tel' },
  { field: 'city', autoComplete: 'address-level2' },
  { field: 'cr_number', ltr: true },
  { field: 'vat_number', ltr: true },
  { field: 'website', type: 'url', ltr: true, autoComplete: 'url' },
  { field: 'description' },
];

export function ProfileScreen() {
  const styles = useStyles();
  const { t } = useTranslation(['profile', 'common', 'account']);
  const { session } = useSession();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const userId = session.status === 'signedIn' ? accountIdOf(session.user) : '';
  const local = useMyProfile(userId);
  const pending = usePendingKeys().has(profileKey(userId));
  if (session.status !== 'signedIn') return null;
  const profile = local ?? session.profile;
  // The company's profile is its owner's to edit; a member or driver of the team reads it.
  const canEdit = !session.user.member_role || session.user.member_role === 'owner';

  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div className={styles.head}>
        <h1 id="screen-title" className={styles.title}>
          {t('title')}
        </h1>
        {!editing && profile && canEdit && (
          <Button
            icon={<EditRegular />}
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
            data-testid="edit-profile"
          >
            {t('edit')}
          </Button>
        )}
      </div>
      {saved && (
        <MessageBar layout="multiline" intent="success" role="status" data-testid="profile-saved">
          <MessageBarBody>{t('saved')}</MessageBarBody>
        </MessageBar>
      )}
      <Card>
        <div className={styles.badges}>
          <Text weight="semibold">{t('role')}</Text>
          <Badge appearance="tint" data-testid="profile-role">
            {profile ? t(`common:roles.${profile.role}.name`) : '—'}
          </Badge>
          <TierBadge tier={profile?.verification_tier} />
          {pending && <PendingBadge />}
          {profile && profile.total_reviews > 0 && (
            <Rating average={profile.average_rating} count={profile.total_reviews} />
          )}
        </div>
        <Text size={200} className={styles.muted}>
          {t(canEdit ? 'roleLocked' : 'ownerEdits')}
        </Text>
      </Card>
      <RefusalNote rowKey={profileKey(userId)} />
      {editing && profile ? (
        <ProfileForm
          userId={userId}
          profile={profile}
          onDone={(ok) => {
            setEditing(false);
            setSaved(ok);
          }}
        />
      ) : (
        <Card>
          <dl className={styles.list} data-testid="profile-view">
            {FIELDS.map(({ field, ltr }) => {
              const raw = profile?.[field] ?? null;
              const value = field === 'phone' ? formatSaudiPhone(raw) : raw;
              return (
                <div key={field} className={styles.pair}>
                  <dt className={styles.dt}>{t(`account:setup.fields.${field}`)}</dt>
                  <dd className={styles.dd} data-testid={`profile-${field}`} dir={ltr && value ? 'ltr' : undefined}>
                    {value ? (
                      field === 'cr_number' || field === 'vat_number' ? <Identifier>{value}</Identifier> : value
                    ) : (
                      <span className={styles.muted}>{t('notGiven')}</span>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </Card>
      )}
      <PushSettings />
      <DeleteAccount />
      <DataExport />
    </section>
  );
}

function ProfileForm({ userId, profile, onDone }: { userId: string; profile: Profile; onDone: (saved: boolean) => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['profile', 'common', 'account']);
  const { setProfile } = useSession();
  const save = useSaveProfile();
  const language = toLanguageCode(i18n.resolvedLanguage);
  const [values, setValues] = useState<ProfileValues>(() => {
    const v = initialProfileValues(profile);
    return { ...v, phone: formatSaudiPhone(v.phone) };
  });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: EditableField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = validateProfile(values, language);
    setErrors(check.errors);
    if (Object.values(check.errors).some(Boolean)) return;
    setBusy(true);
    try {
      const body = toProfileBody(values, language);
      // Cleared fields are sent as null so the server clears them too.
      for (const { field } of FIELDS) if (!(field in body) && profile[field]) body[field] = null;
      const shown = await save(userId, body as ProfileUpsertInput);
      if (shown) setProfile(shown); // the navigation's copy
      onDone(true);
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      setErrors(profileIssuesToErrors(error.issues));
      setBusy(false);
    }
  };

  return (
    <Card>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="profile-form">
        {FIELDS.map(({ field, type, ltr, autoComplete }) => (
          <Field
            key={field}
            label={t(`account:setup.fields.${field}`)}
            hint={t(`account:setup.hints.${field}`, { defaultValue: '' }) || undefined}
            validationMessage={errors[field] ? t(`common:validation.${errors[field]}`) : undefined}
          >
            {field === 'description' ? (
              <Textarea name={field} value={values[field]} onChange={(_, d) => set(field, d.value)} resize="vertical" />
            ) : (
              <Input
                name={field}
                type={type ?? 'text'}
                dir={ltr ? 'ltr' : undefined}
                autoComplete={autoComplete}
                value={values[field]}
                onChange={(_, d) => set(field, d.value)}
                onBlur={field === 'phone' ? () => set('phone', formatSaudiPhone(values.phone)) : undefined}
              />
            )}
          </Field>
        ))}
        <div className={styles.actions}>
          <Button onClick={() => onDone(false)}>{t('cancel')}</Button>
          <Button appearance="primary" type="submit" disabled={busy} data-testid="profile-save">
            {t('save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
