/**
 * A notification's type as a tag: its word in the reader's language and a colour of its
 * own, so a reader tells an RFQ from an invoice at a glance. The colour says the type, not
 * how urgent it is. A type this code does not know (a newer server) shows its stored word
 * in neutral colours.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { NotificationType } from '../../../shared/constants';

// Each pairing is Fluent's own (a palette's Background2 with its Foreground2), which keeps
// the text readable in light and dark themes.
const palette = (name: string) => ({
  backgroundColor: tokens[`colorPalette${name}Background2` as keyof typeof tokens],
  color: tokens[`colorPalette${name}Foreground2` as keyof typeof tokens],
});

const useStyles = makeStyles({
  tag: {
    display: 'inline-block',
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase300,
    whiteSpace: 'nowrap',
  },
  tender: palette('Marigold'),
  purchase_request: palette('Seafoam'),
  rfq: palette('Teal'),
  quote: palette('Cornflower'),
  instant_order: palette('DarkOrange'),
  purchase_order: palette('Grape'),
  invoice: palette('Berry'),
  payment: palette('Green'),
  logistics: palette('Steel'),
  subscription: palette('Lavender'),
  system: palette('Anchor'),
  other: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground2 },
} satisfies Record<NotificationType | 'tag' | 'other', unknown>);

export function TypeTag({ type }: { type: string }) {
  const styles = useStyles();
  const { t } = useTranslation('notifications');
  const colour = Object.hasOwn(styles, type) && type !== 'tag' ? styles[type as NotificationType] : styles.other;
  return (
    <span className={mergeClasses(styles.tag, colour)} data-testid="notification-type" data-type={type}>
      {t(`types.${type}`, { defaultValue: type })}
    </span>
  );
}
