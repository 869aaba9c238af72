/**
 * The owner's invite: pick what the person joins as (a driver only in a transport company),
 * create the link, then copy or share it. The token is shown this once (the server keeps
 * only its hash), so the link lives in this panel's state and nowhere else.
 */
import { Button, Card, Field, Input, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular, LinkRegular, ShareRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviteRole } from '../../../shared/constants';
import { ApiError } from '../../data/api';
import { createInvite, type CompanyInviteCreated } from '../../data/api/company';
import { PLAIN_TEXT } from '../../i18n/bidi';
import { useFormat } from '../../i18n/format';
import type { Notice } from './CompanyScreen';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  radioHelp: { display: 'block', paddingInlineStart: '32px', marginBlockEnd: tokens.spacingVerticalS, color: tokens.colorNeutralForeground2 },
  result: {
    display: 'grid',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  create: { justifySelf: 'start' },
});

export function InvitePanel({
  roles,
  companyName,
  onCreated,
  onError,
}: {
  roles: InviteRole[];
  companyName: string | null;
  onCreated: () => void;
  onError: (notice: Notice) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('company');
  const format = useFormat();
  const [role, setRole] = useState<InviteRole>(roles[0] ?? 'member');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CompanyInviteCreated | null>(null);
  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const create = async () => {
    setBusy(true);
    setCopied(null);
    onError(null);
    try {
      setCreated(await createInvite(role));
      onCreated();
    } catch (error) {
      onError({ intent: 'error', text: error instanceof ApiError ? error.message : t('failed') });
    } finally {
      setBusy(false);
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('copyFailed');
    }
  };

  const share = async (invite: CompanyInviteCreated) => {
    const company = companyName || t('yourCompany');
    try {
      // The message leaves the page: the company's name without direction marks.
      await navigator.share({ title: t('invite.shareTitle', { company, ...PLAIN_TEXT }), text: t(`invite.shareText.${invite.role}`, { company, ...PLAIN_TEXT }), url: invite.url });
    } catch {
      /* the person closed the share sheet: nothing to say */
    }
  };

  return (
    <Card className={styles.root} data-testid="invite-panel">
      <h2 className={styles.title}>{t('invite.title')}</h2>
      {roles.length > 1 ? (
        <Field label={t('invite.roleLabel')}>
          <RadioGroup value={role} onChange={(_, d) => setRole(d.value as InviteRole)} data-testid="invite-role">
            {roles.map((r) => (
              <div key={r}>
                <Radio value={r} label={t(`roles.${r}`)} aria-describedby={`invite-help-${r}`} data-testid={`invite-role-${r}`} />
                <Text id={`invite-help-${r}`} size={200} className={styles.radioHelp}>
                  {t(`invite.help.${r}`)}
                </Text>
              </div>
            ))}
          </RadioGroup>
        </Field>
      ) : (
        <Text className={styles.muted}>{t(`invite.help.${role}`)}</Text>
      )}
      <Button className={styles.create} appearance="primary" icon={<LinkRegular />} disabled={busy} onClick={() => void create()} data-testid="invite-create">
        {t('invite.create')}
      </Button>
      {created && (
        <div className={styles.result} data-testid="invite-created">
          <Text role="status" weight="semibold">
            {t('invite.created')}
          </Text>
          <Field label={t('invite.linkLabel')}>
            <Input input={{ dir: 'ltr' }} readOnly value={created.url} onFocus={(e) => e.currentTarget.select()} data-testid="invite-link" />
          </Field>
          <div className={styles.actions}>
            <Button icon={<CopyRegular />} onClick={() => void copy(created.url)} data-testid="invite-copy">
              {t('invite.copy')}
            </Button>
            {canShare && (
              <Button icon={<ShareRegular />} onClick={() => void share(created)} data-testid="invite-share">
                {t('invite.share')}
              </Button>
            )}
            <Text role="status" aria-live="polite" data-testid="invite-copied">
              {copied ? t(`invite.${copied}`) : ''}
            </Text>
          </div>
          <Text size={200} className={styles.muted}>
            {t('invite.expires', { date: format.dateTime(created.expires_at) })}
          </Text>
        </div>
      )}
    </Card>
  );
}
