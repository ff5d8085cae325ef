/**
 * The request form (spec §2 me/seek-movie; §3 "Movie request: title, lead actor, up to three genres, verification
 * code"; §5 "title, lead actor and required fields cannot be empty. At most three genres."; §7 gbookField,
 * gbookSave): the genres come from the catalogue and the captcha picture from the server (gbookField); a new
 * captcha after a refusal or on "Refresh". The server checks everything again and answers the same messages.
 */
import { GBOOK_MAX_GENRES } from '@openvod/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../ui/feedback';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorView, errorMessage, LoadingView } from '../../ui/StateViews';
import styles from './gbook.module.css';
import { GBOOK_PATHS } from './gbookPaths';
import { LoginFirst } from './LoginFirst';
import { useIsMember, useMemberGate } from './memberGate';
import { useGbookField, useSaveGbook } from './queries';

export default function SeekMovieFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = useMemberGate();
  const member = useIsMember();
  const field = useGbookField();
  const save = useSaveGbook();
  const [title, setTitle] = useState('');
  const [actor, setActor] = useState('');
  const [genres, setGenres] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [captcha, setCaptcha] = useState('');
  const info = field.data?.info;
  const max = info?.max_genres ?? GBOOK_MAX_GENRES;

  const toggle = (g: string) => {
    if (genres.includes(g)) setGenres(genres.filter((x) => x !== g));
    else if (genres.length >= max) toast(t('gbook.maxGenres'));
    else setGenres([...genres, g]);
  };
  const refresh = () => {
    setCaptcha('');
    void field.refetch();
  };
  const submit = () => {
    if (gate() || !info) return;
    if (!title.trim() || !actor.trim() || genres.length === 0) {
      toast(t('gbook.requiredFields'));
      return;
    }
    if (!captcha.trim()) {
      toast(t('gbook.captchaRequired'));
      return;
    }
    save.mutate(
      {
        type: 'request',
        title: title.trim(),
        actor: actor.trim(),
        genres,
        content: note.trim(),
        captcha_id: info.captcha.captcha_id,
        captcha: captcha.trim(),
      },
      {
        onSuccess: () => {
          toast(t('gbook.submitted'), 'success');
          navigate(GBOOK_PATHS.mine, { replace: true });
        },
        onError: (e) => {
          toast(errorMessage(e) ?? t('gbook.failed'), 'fail');
          // The answer was spent (or the request refused after it): a new picture.
          refresh();
        },
      },
    );
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('pages.mySeekMovieRequest')} />
      {!member && <LoginFirst />}
      {member && field.isPending && <LoadingView />}
      {field.isError && <ErrorView message={errorMessage(field.error)} onRetry={() => void field.refetch()} />}
      {info && (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label className={styles.field}>
            <span className={styles.label}>{t('gbook.titleLabel')}</span>
            <input
              className={styles.input}
              value={title}
              maxLength={100}
              onChange={(e) => setTitle(e.target.value)}
              placeholder={t('gbook.titlePlaceholder')}
              data-testid="request-title-input"
            />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('gbook.actorLabel')}</span>
            <input
              className={styles.input}
              value={actor}
              maxLength={60}
              onChange={(e) => setActor(e.target.value)}
              placeholder={t('gbook.actorPlaceholder')}
              data-testid="request-actor-input"
            />
          </label>
          <div className={styles.field}>
            <span className={styles.label}>{t('gbook.genresLabel', { max, n: genres.length })}</span>
            <div className={styles.genres}>
              {info.genres.map((g) => (
                <button
                  key={g}
                  type="button"
                  aria-pressed={genres.includes(g)}
                  className={`${styles.genre} ${genres.includes(g) ? styles.genreOn : ''}`}
                  onClick={() => toggle(g)}
                  data-testid="request-genre"
                >
                  {g}
                </button>
              ))}
            </div>
          </div>
          <label className={styles.field}>
            <span className={styles.label}>{t('gbook.noteLabel')}</span>
            <textarea
              className={styles.textarea}
              value={note}
              maxLength={1000}
              onChange={(e) => setNote(e.target.value)}
              placeholder={t('gbook.notePlaceholder')}
              data-testid="request-note-input"
            />
          </label>
          <div className={styles.field}>
            <div className={styles.labelRow}>
              <span className={styles.label}>{t('gbook.captchaLabel')}</span>
              <button type="button" className={styles.refresh} onClick={refresh} data-testid="request-captcha-refresh">
                {t('gbook.refresh')}
              </button>
            </div>
            <div className={styles.captcha}>
              <input
                className={styles.input}
                value={captcha}
                maxLength={8}
                autoComplete="off"
                autoCapitalize="off"
                onChange={(e) => setCaptcha(e.target.value)}
                placeholder={t('gbook.captchaPlaceholder')}
                aria-label={t('gbook.captchaLabel')}
                data-testid="request-captcha-input"
              />
              <button
                type="button"
                className={styles.captchaImage}
                onClick={refresh}
                aria-label={t('gbook.refresh')}
                data-testid="request-captcha"
                data-captcha-id={info.captcha.captcha_id}
              >
                <img src={info.captcha.image} alt={t('gbook.captchaLabel')} />
              </button>
            </div>
          </div>
          <button type="submit" className={styles.primary} disabled={save.isPending} data-testid="request-submit">
            {t('gbook.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
