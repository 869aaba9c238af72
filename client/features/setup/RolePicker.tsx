import { Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SELF_ASSIGNABLE_ROLES, type SelfAssignableRole } from '../../../shared/constants';

const useStyles = makeStyles({
  group: { display: 'grid', gap: tokens.spacingVerticalS },
  option: {
    display: 'flex',
    flexDirection: 'column',
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  description: { paddingInlineStart: '36px', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, lineHeight: '1.5' },
});

/** The role choice of setup: each role with what it means. Locked once set (409 role_locked). */
export function RolePicker({
  value,
  onChange,
  locked,
}: {
  value: SelfAssignableRole | '';
  onChange: (role: SelfAssignableRole) => void;
  locked: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['account', 'common']);
  return (
    <RadioGroup
      className={styles.group}
      value={value}
      onChange={(_, data) => onChange(data.value as SelfAssignableRole)}
      disabled={locked}
      aria-label={t('setup.roleLabel')}
      data-testid="role-picker"
    >
      {SELF_ASSIGNABLE_ROLES.map((role) => (
        <div key={role} className={styles.option}>
          <Radio value={role} label={t(`common:roles.${role}.name`)} aria-describedby={`role-${role}-desc`} />
          <span id={`role-${role}-desc`} className={styles.description}>
            {t(`common:roles.${role}.description`)}
          </span>
        </div>
      ))}
    </RadioGroup>
  );
}
