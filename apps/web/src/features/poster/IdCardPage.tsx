/**
 * Identity card (spec §2 Me, profile: id-card): the member's avatar, name and id with the identity QR the server
 * draws (createTempQrcode type=card; the QR encodes `<address>/?code=<invitation code>&uid=<user id>`, see
 * packages/contract poster.ts), so a friend who scans it opens the app with the member's invitation code.
 */
import { useTranslation } from 'react-i18next';
import { picUrl } from '../../lib/picUrl';
import { useSession } from '../../lib/session';
import { UserIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { queryStateView } from '../../ui/StateViews';
import { useDisplayName } from '../account';
import styles from './poster.module.css';
import { usePicture } from './queries';

export default function IdCardPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const card = usePicture('card');
  const state = queryStateView([card]);
  // The nickname, a guest's short title or the masked phone: never a generated user name (features/account).
  const name = useDisplayName();
  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.idCard')} />
      {state ??
        (user && card.data && (
          <div className={styles.card} data-testid="id-card">
            <span className={styles.avatar} aria-hidden="true">
              {user.user_portrait ? <img src={picUrl(user.user_portrait)} alt="" /> : <UserIcon size={34} />}
            </span>
            <strong className={styles.name} data-testid="id-card-name">
              {name}
            </strong>
            <span className={styles.id} data-testid="id-card-id">
              {t('poster.userId', { id: user.user_id })}
            </span>
            <img
              className={styles.qr}
              src={picUrl(card.data.url)}
              width={card.data.width}
              height={card.data.height}
              alt={t('poster.cardAlt')}
              data-testid="id-card-qr"
            />
            <p className={styles.note}>{t('poster.cardHint')}</p>
          </div>
        ))}
    </div>
  );
}
