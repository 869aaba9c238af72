import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  title: { marginBlock: `0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
});

/** A list screen's title (#screen-title, which its section is labelled by) and the sentence that says what it is for. */
export function ScreenHeading({ title, intro }: { title: string; intro: string }) {
  const styles = useStyles();
  return (
    <div>
      <h1 id="screen-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{intro}</p>
    </div>
  );
}
