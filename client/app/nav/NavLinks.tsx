import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { NavItem } from './navItems';
import { UnreadBadge } from './UnreadBadge';

const useStyles = makeStyles({
  // A role's entries wrap onto a second row where one row is too narrow for them (a supplier
  // has eleven): a row running past the screen's edge made the whole page scroll sideways.
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, listStyleType: 'none', margin: 0, padding: 0 },
  vertical: { flexDirection: 'column' },
  link: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
  },
});

/** The role's navigation entries, as a row (wide screens) or a column (mobile menu). */
export function NavLinks({
  items,
  unread,
  vertical,
  onNavigate,
}: {
  items: NavItem[];
  unread: number;
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <ul className={mergeClasses(styles.list, vertical && styles.vertical)}>
      {items.map((item) => (
        <li key={item.path}>
          <NavLink
            to={item.path}
            onClick={onNavigate}
            className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}
          >
            <span>{t(item.labelKey)}</span>
            {item.badge === 'unread' && <UnreadBadge count={unread} />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
