/**
 * The role guide: a modal that steps through the role's steps, shown once per person. Its
 * closing is kept in this browser and on the account, so it does not open again on another
 * device (the session answer says when it was closed).
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../shared/constants';
import { recordGuideSeen } from '../../data/api/guide';
import { useSession } from '../../data/session';
import { useFormat } from '../../i18n/format';
import { GUIDE_STEPS, guideSeen, markGuideSeen } from './guide';

const useStyles = makeStyles({
  body: { display: 'grid', gap: tokens.spacingVerticalM, lineHeight: '1.6' },
  dots: { display: 'flex', gap: tokens.spacingHorizontalXS },
  dot: { inlineSize: '8px', blockSize: '8px', borderRadius: '50%', backgroundColor: tokens.colorNeutralStroke1 },
  on: { backgroundColor: tokens.colorBrandBackground },
  progress: { color: tokens.colorNeutralForeground2 },
});

export function GuideDialog({ role }: { role: Role }) {
  const styles = useStyles();
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const { session } = useSession();
  const onAccount = session.status === 'signedIn' && !!session.user.guide_seen_at;
  const [open, setOpen] = useState(() => GUIDE_STEPS[role].length > 0 && !guideSeen(role) && !onAccount);
  const [step, setStep] = useState(0);
  const steps = GUIDE_STEPS[role];
  const close = () => {
    markGuideSeen(role);
    setOpen(false);
    void recordGuideSeen().catch(() => undefined);
  };
  useEffect(() => {
    if (onAccount) {
      // Closed on another device (the session's answer came after this one's cached copy).
      markGuideSeen(role);
      setOpen(false);
    } else if (session.status === 'signedIn' && guideSeen(role)) {
      // Closed here while offline, or before the account kept it: the account learns it now.
      void recordGuideSeen().catch(() => undefined);
    }
  }, [onAccount, role, session.status]);
  const last = step === steps.length - 1;
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface data-testid="guide">
        <DialogBody>
          <DialogTitle>{t(`${steps[step]}.title`)}</DialogTitle>
          <DialogContent className={styles.body}>
            <Text>{t(`${steps[step]}.body`)}</Text>
            <Text className={styles.progress} data-testid="guide-progress">
              {t('guide.progress', { step: format.number(step + 1), total: format.number(steps.length) })}
            </Text>
            <div className={styles.dots} aria-hidden>
              {steps.map((s, i) => (
                <span key={s} className={mergeClasses(styles.dot, i === step && styles.on)} />
              ))}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="subtle" onClick={close} data-testid="guide-skip">
              {t('guide.skip')}
            </Button>
            {step > 0 && <Button onClick={() => setStep((s) => s - 1)}>{t('guide.back')}</Button>}
            <Button appearance="primary" onClick={() => (last ? close() : setStep((s) => s + 1))} data-testid={last ? 'guide-done' : 'guide-next'}>
              {t(last ? 'guide.done' : 'guide.next')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
