import { Menu, MenuButton, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, tokens } from '@fluentui/react-components';
import { PersonCircleRegular, SignOutRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Profile, SessionUser } from '../../data/types';
import { UserSummary } from './UserSummary';

const useStyles = makeStyles({
  // The name on one line: a very long one ends in an ellipsis (its full text in the title and
  // the menu) rather than pushing the bar onto a second row.
  button: { minWidth: 0, maxInlineSize: '22rem', fontWeight: tokens.fontWeightRegular },
  name: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  summary: { paddingBlock: tokens.spacingVerticalS, paddingInline: tokens.spacingHorizontalM, maxInlineSize: '20rem' },
});

/** Who is signed in, in the wide bar: their company's name, a menu with the whole summary and sign-out. */
export function AccountMenu({ user, profile, onLogout }: { user: SessionUser; profile: Profile | null; onLogout: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const name = profile?.company_name || user.email;
  return (
    <Menu inline>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton appearance="subtle" icon={<PersonCircleRegular />} className={styles.button} title={name} aria-label={t('nav.account', { name })} data-testid="account-menu">
          <span className={styles.name} data-testid="account-name">
            {name}
          </span>
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <div className={styles.summary}>
          <UserSummary user={user} profile={profile} />
        </div>
        <MenuDivider />
        <MenuList>
          <MenuItem icon={<SignOutRegular />} onClick={onLogout} data-testid="account-logout">
            {t('nav.logout')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
