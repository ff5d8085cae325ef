import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './DocumentPopup.module.css';
import { SheetHead } from './SheetHead';

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
      <SheetHead title={title} onClose={onClose} />
      <div className={styles.text} data-testid="document-text">
        {text?.trim() ? text : t('account.documentEmpty')}
      </div>
    </Popup>
  );
}
