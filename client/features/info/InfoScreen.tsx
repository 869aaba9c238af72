import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { INFO_TOPICS, PATHS, type InfoTopic } from '../../paths';

const useStyles = makeStyles({
  main: { maxInlineSize: '720px', marginInline: 'auto', paddingBlock: tokens.spacingVerticalXXL, paddingInline: tokens.spacingHorizontalL },
  title: { marginBlock: `0 ${tokens.spacingVerticalM}`, fontSize: tokens.fontSizeBase600 },
  body: { marginBlock: `0 ${tokens.spacingVerticalXL}`, lineHeight: '1.8', color: tokens.colorNeutralForeground2, whiteSpace: 'pre-line' },
});

const isInfoTopic = (topic: string | undefined): topic is InfoTopic => INFO_TOPICS.some((known) => known === topic);

/** The pages behind the footer links: privacy, terms, about, contact, support, FAQ. */
export function InfoScreen() {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { topic } = useParams();
  if (!isInfoTopic(topic)) return <Navigate to={PATHS.home} replace />;
  return (
    <>
      <main className={styles.main}>
        <h1 className={styles.title}>{t(`info.${topic}.title`)}</h1>
        <p className={styles.body}>{t(`info.${topic}.body`)}</p>
        <Button onClick={() => navigate(PATHS.home)}>{t('actions.backHome')}</Button>
      </main>
    </>
  );
}
