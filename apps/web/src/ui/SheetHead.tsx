import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import styles from './SheetHead.module.css';

interface SheetHeadProps {
  title: string;
  onClose: () => void;
  /** `data-testid` of the close button. */
  closeTestId?: string;
}

/** The head of the app's bottom sheets (antd-mobile Popup): the sheet's title and a 44 px close button. */
export function SheetHead({ title, onClose, closeTestId }: SheetHeadProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.head}>
      <h2 className={styles.title}>{title}</h2>
      <button
        type="button"
        className={styles.close}
        onClick={onClose}
        aria-label={t('common.close')}
        data-testid={closeTestId}
      >
        <CloseIcon size={20} />
      </button>
    </div>
  );
}
