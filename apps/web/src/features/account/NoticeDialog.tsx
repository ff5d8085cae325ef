import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AppConfigData } from '../../lib/appConfig';
import styles from './LaunchDialog.module.css';

interface NoticeDialogProps {
  config: AppConfigData;
  /** The viewer tapped the dialog's button. */
  onOk: () => void;
}

/** Spec §2 launch dialogs: the operator's notice (`notice_title`, `notice_desc`), a modal dialog with one button. */
export default function NoticeDialog({ config, onOk }: NoticeDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible
      title={<span data-testid="notice-title">{config.notice_title || t('launch.noticeTitle')}</span>}
      content={
        <div className={styles.text} data-testid="notice-dialog">
          {config.notice_desc}
        </div>
      }
      closeOnAction
      actions={[{ key: 'ok', text: <span data-testid="notice-ok">{t('launch.noticeOk')}</span> }]}
      onAction={onOk}
    />
  );
}
