import { Link } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * The project's open data: its tender published in the Open Contracting Data Standard,
 * public JSON that anyone (an auditor, a journalist, another system) can read without
 * signing in. A plain link to the server, opened in a new tab: it needs the network, and
 * the service worker leaves /api to it.
 */
export function OpenDataLink({ projectId }: { projectId: string }) {
  const { t } = useTranslation('projects');
  return (
    <Link href={`/api/projects/${projectId}/ocds`} target="_blank" rel="noopener" data-testid="project-open-data" title={t('openData.hint')}>
      {t('openData.link')}
    </Link>
  );
}
