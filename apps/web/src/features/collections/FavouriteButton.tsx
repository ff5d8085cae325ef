import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserId } from '../../lib/session';
import { toast, toastError } from '../../ui/feedback';
import { StarIcon } from '../../ui/icons';
import styles from './collections.module.css';
import { useIsCollected } from './favouriteStore';
import { toggleFavourite } from './favouriteSync';

interface FavouriteButtonProps {
  vod: { vod_id: number; vod_name: string; vod_pic: string };
  /** The episode playing (kept with the collection record). */
  play: string;
  /** More title actions shown in the same row (the share button). */
  children?: ReactNode;
}

/**
 * The title page's favourite toggle (spec §4 "Favourite/like toggle"; issue 7 item 1): adds the title to the
 * viewer's collection, or removes it when it is there. Signed in, the server decides (ajaxUlog type 2) and the
 * button follows its answer; a guest's collection stays on the device.
 */
export function FavouriteButton({ vod, play, children }: FavouriteButtonProps) {
  const { t } = useTranslation();
  const userId = useUserId();
  const on = useIsCollected(vod.vod_id);
  // The collection lives in the favourite store (favouriteStore.ts), which the toggle updates; no query holds it.
  const toggle = useMutation({
    mutationFn: () =>
      toggleFavourite(userId, { vod_id: vod.vod_id, vod_name: vod.vod_name, vod_pic: vod.vod_pic, play }),
    onSuccess: (now) => toast(now ? t('collections.added') : t('collections.removed'), 'success'),
    onError: (err) => toastError(err, t('common.loadingFailed')),
  });

  return (
    <div className={styles.actionsRow}>
      <button
        type="button"
        className={styles.favButton}
        aria-pressed={on}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate()}
        data-testid="favourite-toggle"
      >
        <StarIcon size={18} className={on ? styles.starOn : undefined} />
        <span>{on ? t('collections.favourited') : t('collections.favourite')}</span>
      </button>
      {children}
    </div>
  );
}
