import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../data/session';
import { ContractorProjects } from './ContractorProjects';
import { GovernmentProjects } from './GovernmentProjects';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
});

/** /projects: a government posts and awards; a contractor bids. */
export function ProjectsScreen() {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const { session } = useSession();
  const role = session.profile?.role;
  return (
    <section className={styles.root} aria-labelledby="projects-title">
      <h1 id="projects-title" className={styles.title}>
        {t('title')}
      </h1>
      {role === 'government' ? <GovernmentProjects /> : role === 'contractor' ? <ContractorProjects /> : <Text>{t('notForRole')}</Text>}
    </section>
  );
}
