import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './DocumentPopup.module.css';
import { CloseIcon } from './icons';

interface DocumentPopupProps {
  title: string;
  /** Plain text (operator-written agreement, privacy policy, disclaimer): never rendered as HTML. */
  text: string | undefined;
  visible: boolean;
  onClose: () => void;
}

/** A long plain-text document in a bottom sheet (agreement, privacy policy, disclaimer). */
export function DocumentPopup({ title, text, visible, onClose }: DocumentPopupProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.body} destroyOnClose>
      <div className={styles.head}>
        <h2 className={styles.title}>{title}</h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')}>
          <CloseIcon size={20} />
        </button>
      </div>
      <div className={styles.text} data-testid="document-text">
        {text?.trim() ? text : t('account.documentEmpty')}
      </div>
    </Popup>
  );
}
