/**
 * Feedback (spec §2 me/feed-back; §5 "Feedback needs a clear description. Content cannot be empty."; §7 gbookSave):
 * a description, up to GBOOK_MAX_PICS screenshots (antd-mobile's ImageUploader, each uploaded at once through
 * gbookUpload and re-encoded by the server), and the app version and device filled in automatically. Under the
 * form, a link to my feedback (feed-back-list) with the unread-reply badge.
 */
import { GBOOK_MAX_PICS, GBOOK_PIC_MAX_BYTES, isClearFeedback } from '@openvod/contract';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { APP_VERSION } from '../../lib/api';
import { toast } from '../../ui/feedback';
import { PageHeader } from '../../ui/PageHeader';
import { errorMessage } from '../../ui/StateViews';
import { describeDevice } from './device';
import styles from './gbook.module.css';
import { GBOOK_PATHS } from './gbookPaths';
import { useMemberGate } from './memberGate';
import { useGbookUnread, useSaveGbook, useUploadScreenshot } from './queries';

export default function FeedBackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = useMemberGate();
  const save = useSaveGbook();
  const upload = useUploadScreenshot();
  const unread = useGbookUnread().data?.feedback ?? 0;
  const [content, setContent] = useState('');
  const [pics, setPics] = useState<ImageUploadItem[]>([]);
  const device = useMemo(() => describeDevice(), []);

  const submit = () => {
    if (gate()) return;
    if (!isClearFeedback(content)) {
      toast(t('gbook.feedbackUnclear'));
      return;
    }
    save.mutate(
      {
        type: 'feedback',
        content: content.trim(),
        pics: pics.map((p) => String(p.extra)),
        app_version: APP_VERSION,
        device,
      },
      {
        onSuccess: () => {
          toast(t('gbook.feedbackSent'), 'success');
          navigate(GBOOK_PATHS.feedbackList, { replace: true });
        },
        onError: (e) => toast(errorMessage(e) ?? t('gbook.failed'), 'fail'),
      },
    );
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.feedBack')} />
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className={styles.field}>
          <span className={styles.label}>{t('gbook.feedbackLabel')}</span>
          <textarea
            className={styles.textarea}
            value={content}
            maxLength={1000}
            onChange={(e) => setContent(e.target.value)}
            placeholder={t('gbook.feedbackPlaceholder')}
            data-testid="feedback-content"
          />
        </label>
        <div className={styles.field}>
          <span className={styles.label}>{t('gbook.screenshots', { max: GBOOK_MAX_PICS })}</span>
          <ImageUploader
            value={pics}
            onChange={setPics}
            maxCount={GBOOK_MAX_PICS}
            accept="image/jpeg,image/png,image/webp"
            beforeUpload={(file) => {
              if (file.size > GBOOK_PIC_MAX_BYTES) {
                toast(t('gbook.picTooLarge', { max: GBOOK_PIC_MAX_BYTES / 1024 / 1024 }));
                return null;
              }
              if (gate()) return null;
              return file;
            }}
            upload={async (file) => {
              try {
                const r = await upload.mutateAsync(file);
                return { url: r.info.url, extra: r.info.key };
              } catch (e) {
                toast(errorMessage(e) ?? t('gbook.failed'), 'fail');
                throw e;
              }
            }}
            data-testid="feedback-pics"
          />
        </div>
        <div className={styles.auto} data-testid="feedback-auto">
          <span>{t('gbook.autoInfo')}</span>
          <span>{t('gbook.appVersion', { version: APP_VERSION })}</span>
          <span>{t('gbook.device', { device })}</span>
        </div>
        <button
          type="submit"
          className={styles.primary}
          disabled={save.isPending || upload.isPending}
          data-testid="feedback-submit"
        >
          {t('gbook.submit')}
        </button>
        <Link to={GBOOK_PATHS.feedbackList} className={styles.secondary} data-testid="my-feedback">
          {t('pages.feedBackList')}
          {unread > 0 && (
            <span className={styles.badge} data-testid="my-feedback-badge">
              {unread}
            </span>
          )}
        </Link>
      </form>
    </div>
  );
}
