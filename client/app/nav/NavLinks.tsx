import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { navEntriesOf, type NavItem } from './navItems';
import { UnreadBadge } from './UnreadBadge';
import { WaitingBadge } from './WaitingBadge';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, listStyleType: 'none', margin: 0, padding: 0 },
  // A group's entries stand in from its heading, so an entry after the group reads as outside it.
  inGroup: { paddingInlineStart: tokens.spacingHorizontalL },
  heading: {
    display: 'block',
    paddingBlockStart: tokens.spacingVerticalM,
    paddingBlockEnd: tokens.spacingVerticalXXS,
    paddingInline: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
  },
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

/**
 * A page is marked current only on its own path where another entry's path lies under
 * it (the team's /company and the tax profile's /company/tax), else on its sub-pages too
 * (an invoice under /invoices).
 */
export const exactOnly = (item: NavItem, items: readonly NavItem[]) => items.some((other) => other !== item && other.path.startsWith(`${item.path}/`));

/** The role's navigation entries as the phone's menu lists them: the same groups as the wide bar, each under its heading. */
export function NavLinks({ items, unread, onNavigate }: { items: NavItem[]; unread: number; onNavigate?: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const link = (item: NavItem) => (
    <li key={item.path}>
      <NavLink
        to={item.path}
        end={exactOnly(item, items)}
        onClick={onNavigate}
        className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}
      >
        <span>{t(item.labelKey)}</span>
        {item.badge === 'unread' && <UnreadBadge count={unread} />}
        {item.badge === 'waiting' && <WaitingBadge />}
      </NavLink>
    </li>
  );
  return (
    <ul className={styles.list}>
      {navEntriesOf(items).map((entry) =>
        entry.kind === 'link' ? (
          link(entry.item)
        ) : (
          <li key={entry.id}>
            <span className={styles.heading} id={`nav-heading-${entry.id}`}>
              {t(entry.labelKey)}
            </span>
            <ul className={mergeClasses(styles.list, styles.inGroup)} aria-labelledby={`nav-heading-${entry.id}`}>
              {entry.items.map(link)}
            </ul>
          </li>
        ),
      )}
    </ul>
  );
}
