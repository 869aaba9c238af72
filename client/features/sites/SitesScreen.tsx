import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, BuildingRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { PATHS } from '../../paths';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { useItemPage } from '../../ui/useItemPage';
import { useIsOwner } from './members';
import { useSites } from './queries';
import { SiteCard } from './SiteCard';
import { SiteDetail } from './SiteDetail';
import { SiteForm } from './SiteForm';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', justifyContent: 'space-between' },
  list: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))' },
});

/** The address of the new-site form: /sites/new. */
export const NEW_SITE = 'new';

/**
 * /sites: the company's construction sites, active first, with "new site" for the owner;
 * /sites/new: the owner's new-site form; /sites/{id}: one site with its budget and its
 * approval rules. Read from the local store, so all of it works offline.
 */
export function SitesScreen() {
  const styles = useStyles();
  const { t } = useTranslation('sites');
  const navigate = useNavigate();
  const { id, movedTo } = useItemPage(PATHS.sites);
  const owner = useIsOwner();
  const sites = useSites();
  if (movedTo) return <Navigate to={movedTo} replace />;
  if (id === NEW_SITE) return owner ? <SiteForm /> : <Navigate to={PATHS.sites} replace />;
  if (id) return <SiteDetail id={id} />;
  const create = owner && (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => void navigate(`${PATHS.sites}/${NEW_SITE}`)} data-testid="new-site">
      {t('new')}
    </Button>
  );
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div className={styles.head}>
        <ScreenHeading title={t('title')} intro={t('intro')} />
        {sites && sites.length > 0 && create}
      </div>
      {sites === undefined ? (
        <ListSkeleton label={t('loading')} />
      ) : sites.length === 0 ? (
        <EmptyState icon={<BuildingRegular />} title={t('empty.title')} body={owner ? t('empty.body') : t('empty.member')} action={create || undefined} testId="sites-empty" />
      ) : (
        <div className={styles.list} data-testid="sites-list">
          {sites.map((s) => (
            <SiteCard key={s.id} site={s} />
          ))}
        </div>
      )}
    </section>
  );
}
