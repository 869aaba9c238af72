import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_SIGNUP_SUCCESS_MS, QUICK_SIGNUP_REVIEW_HOURS } from '../../../shared/constants';
import { useFormat } from '../../i18n/format';
import { EMPTY_QUICK_SIGNUP, type QuickSignupValues } from './quickSignupForm';
import { QuickSignupForm } from './QuickSignupForm';

const useStyles = makeStyles({
  success: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    paddingBlock: tokens.spacingVerticalXXL,
    textAlign: 'center',
  },
  successIcon: { fontSize: '56px', color: tokens.colorPaletteGreenForeground1 },
  intro: { marginBlock: `0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
});

/**
 * The quick sign-up modal of /services (its "join" button, `?join=1`). Success shows only
 * when the server accepted the request, for 3 s, then the dialog closes.
 */
export function QuickSignupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['services', 'common']);
  const format = useFormat();
  const [values, setValues] = useState<QuickSignupValues>(EMPTY_QUICK_SIGNUP);
  const [succeeded, setSucceeded] = useState(false);
  // The parent passes a new function on each render; the timer must not restart.
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => {
      onOpenChangeRef.current(false);
      setSucceeded(false);
      setValues(EMPTY_QUICK_SIGNUP);
    }, QUICK_SIGNUP_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded]);

  return (
    <Dialog open={open} onOpenChange={(_, data) => onOpenChange(data.open)}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle
            action={<Button appearance="subtle" aria-label={t('common:actions.close')} icon={<DismissRegular />} onClick={() => onOpenChange(false)} />}
          >
            {t('join.title')}
          </DialogTitle>
          <DialogContent>
            {succeeded ? (
              <div className={styles.success} role="status" data-testid="quick-signup-success">
                <CheckmarkCircleRegular className={styles.successIcon} aria-hidden />
                <strong>{t('join.successTitle')}</strong>
                <span>
                  {t('join.successBody', {
                    min: format.number(QUICK_SIGNUP_REVIEW_HOURS.min),
                    count: QUICK_SIGNUP_REVIEW_HOURS.max,
                  })}
                </span>
              </div>
            ) : (
              <>
                <p className={styles.intro}>{t('join.intro')}</p>
                <QuickSignupForm
                  values={values}
                  onChange={setValues}
                  onSuccess={() => setSucceeded(true)}
                  onCancel={() => onOpenChange(false)}
                />
              </>
            )}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
