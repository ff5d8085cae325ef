/**
 * "More like this" at the end of the title page (issue 13 item 8): getRelated's titles (the same category with
 * shared actors first, then other titles sharing an actor, then the most viewed) as a poster grid; each poster opens
 * its title. Hidden when there is nothing to show or the call fails (the title page stays usable).
 */
import { useTranslation } from 'react-i18next';
import { useRelated } from './queries';
import { Section } from './Section';
import { VodGrid, VodGridSkeleton } from './VodCard';

/** Posters shown: three rows of three at phone width. */
const RELATED_LIMIT = 9;

export function RelatedTitles({ vodId }: { vodId: number }) {
  const { t } = useTranslation();
  const related = useRelated(vodId, RELATED_LIMIT);
  if (related.isError || (related.data && related.data.length === 0)) return null;
  return (
    <Section title={t('vod.related')} testId="related-titles">
      {related.data ? <VodGrid list={related.data} /> : <VodGridSkeleton count={RELATED_LIMIT} />}
    </Section>
  );
}
