/**
 * Danmaku controls for the player's bottom bar (issue 5 item 3): the on/off switch, the settings sheet (opacity,
 * display area, font size, speed, blocked keywords; kept across sessions) and the send box with a colour choice.
 *
 * Sending (spec §4 "Danmaku send", §8): not signed in -> a prompt to log in; code 1 -> the list is reloaded (and the
 * comment shows at once, framed, on this screen; the others get it over the live channel); any other code -> a toast
 * with the server's message. The send box is the app's one form approach (ui/PlainForm.tsx): the text must not be
 * empty (spec §5 "Content cannot be empty") nor longer than the contract's DANMAKU_TEXT_MAX characters, each said in
 * the box's error line (`danmaku.empty`, `danmaku.tooLong`). Hidden while the operator has danmaku off
 * (`app_barrage_state` 0).
 */
import { DANMAKU_TEXT_MAX } from '@openvod/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Input, Popup, Selector, Slider } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { useAppConfig } from '../../lib/appConfig';
import { loginPath } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { confirm, toast } from '../../ui/feedback';
import { checkRule, Form, firstError, PlainForm } from '../../ui/PlainForm';
import { SheetHead } from '../../ui/SheetHead';
import { danmakuApi, danmakuListKey } from './api';
import { announceSent } from './bus';
import styles from './Danmaku.module.css';
import {
  AREA_OPTIONS,
  FONT_SIZE_OPTIONS,
  MAX_KEYWORD_LENGTH,
  OPACITY_RANGE,
  PALETTE,
  SPEED_OPTIONS,
  useDanmakuSettings,
} from './settings';
import { useDanmakuSheet } from './sheet';

export { PALETTE } from './settings';

export interface DanmakuControlsProps {
  vodId: number;
  sid: number;
  nid: number;
}

const sheetContainer = () => (globalThis.document?.fullscreenElement as HTMLElement | null) ?? document.body;

export function DanmakuControls({ vodId, sid, nid }: DanmakuControlsProps) {
  const { t } = useTranslation();
  const operatorOn = useAppConfig().app_barrage_state === 1;
  const enabled = useDanmakuSettings((s) => s.enabled);
  const setPrefs = useDanmakuSettings((s) => s.set);
  const open = useDanmakuSheet((s) => s.open);
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();

  if (!operatorOn) return null;

  const openSend = async () => {
    if (!user) {
      const go = await confirm({
        content: t('danmaku.loginRequired'),
        confirmText: t('danmaku.goLogin'),
        cancelText: t('common.cancel'),
      });
      if (go) navigate(loginPath(`${location.pathname}${location.search}`));
      return;
    }
    open('send', sid);
  };

  return (
    <>
      <button
        type="button"
        className={`${styles.button} ${enabled ? styles.on : ''}`}
        data-testid="danmaku-toggle"
        aria-pressed={enabled}
        aria-label={enabled ? t('danmaku.turnOff') : t('danmaku.turnOn')}
        data-episode={`${vodId}:${nid}`}
        onClick={() => setPrefs({ enabled: !enabled })}
      >
        {t('danmaku.short')}
      </button>
      <button
        type="button"
        className={styles.button}
        data-testid="danmaku-settings-open"
        aria-label={t('danmaku.settings')}
        onClick={() => open('settings', sid)}
      >
        <GearIcon />
      </button>
      <button type="button" className={styles.sendOpen} data-testid="danmaku-send-open" onClick={openSend}>
        {t('danmaku.open')}
      </button>
    </>
  );
}

/**
 * The send box and the settings sheet, rendered by {@link DanmakuLayer} (always mounted) and opened by the buttons of
 * {@link DanmakuControls} through {@link useDanmakuSheet}.
 */
export function DanmakuSheets({ video, vodId, nid }: { video: HTMLVideoElement | null; vodId: number; nid: number }) {
  const { t } = useTranslation();
  const { sheet, sid, close } = useDanmakuSheet();
  return (
    <>
      <Popup
        visible={sheet === 'send'}
        onMaskClick={close}
        onClose={close}
        getContainer={sheetContainer}
        bodyClassName={styles.sheet}
        destroyOnClose
      >
        <SheetHead title={t('danmaku.open')} onClose={close} closeTestId="danmaku-send-close" />
        <SendBox video={video} vodId={vodId} sid={sid} nid={nid} onSent={close} />
      </Popup>
      <Popup
        visible={sheet === 'settings'}
        onMaskClick={close}
        onClose={close}
        getContainer={sheetContainer}
        bodyClassName={styles.sheet}
        destroyOnClose
      >
        <SheetHead title={t('danmaku.settings')} onClose={close} closeTestId="danmaku-settings-close" />
        <SettingsPanel />
      </Popup>
    </>
  );
}

function GearIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.6 7.6 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.6 7.6 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Characters of a danmaku as the limit counts them (code points; spaces around it do not count). */
export function danmakuLength(text: string): number {
  return [...text.trim()].length;
}

/** Spec §5 and the contract's limit: the message key of what is wrong with a danmaku's text, or undefined. */
export function checkDanmakuText(text: string): 'danmaku.empty' | 'danmaku.tooLong' | undefined {
  const length = danmakuLength(text);
  if (length === 0) return 'danmaku.empty';
  if (length > DANMAKU_TEXT_MAX) return 'danmaku.tooLong';
  return undefined;
}

function SendBox({
  video,
  vodId,
  sid,
  nid,
  onSent,
}: DanmakuControlsProps & {
  /** The player's `<video>`: a danmaku is posted at its current time. */
  video: HTMLVideoElement | null;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.user);
  const color = useDanmakuSettings((s) => s.color);
  const setPrefs = useDanmakuSettings((s) => s.set);
  const [form] = Form.useForm<{ text: string }>();
  const length = danmakuLength(Form.useWatch('text', form) ?? '');
  const [error, setError] = useState('');

  const sending = useMutation({
    mutationFn: (body: string) =>
      danmakuApi.send({
        vodId,
        sid,
        nid,
        userId: user?.user_id ?? 0,
        userName: user?.user_name ?? '',
        time: Math.round((video?.currentTime ?? 0) * 1000) / 1000,
        text: body,
        color,
        current: Date.now(),
        avatar: user?.user_portrait ?? '',
      }),
    onSuccess: async (res) => {
      announceSent({ vodId, nid, item: res.info });
      form.resetFields();
      onSent();
      // The confirmation; the comment itself shows at once, framed as the viewer's own (DanmakuLayer).
      toast(t('danmaku.sent'), 'success');
      await queryClient.invalidateQueries({ queryKey: danmakuListKey(vodId, nid) });
    },
    onError: (err) => toast(err instanceof ApiError ? err.message : t('error.network')),
  });
  const busy = sending.isPending;

  return (
    <PlainForm
      form={form}
      initialValues={{ text: '' }}
      className={styles.panel}
      data-testid="danmaku-send-box"
      onFinish={({ text }: { text: string }) => {
        if (busy) return;
        setError('');
        sending.mutate(text.trim());
      }}
      onFinishFailed={(info) => {
        const failed = firstError(info);
        setError(failed ? t(failed as 'danmaku.empty', { max: DANMAKU_TEXT_MAX }) : '');
      }}
    >
      <div className={styles.sendRow}>
        <Form.Item name="text" noStyle rules={[checkRule(checkDanmakuText)]}>
          <Input
            className={styles.input}
            placeholder={t('danmaku.placeholder')}
            maxLength={DANMAKU_TEXT_MAX * 2}
            enterKeyHint="send"
            autoFocus
            data-testid="danmaku-input"
          />
        </Form.Item>
        <button type="submit" className={styles.sendButton} disabled={busy} data-testid="danmaku-send">
          {t('danmaku.send')}
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert" data-testid="danmaku-error">
          {error}
        </p>
      )}
      <p className={styles.counter}>
        {length}/{DANMAKU_TEXT_MAX}
      </p>
      <div className={styles.label}>{t('danmaku.color')}</div>
      <div className={styles.palette} role="radiogroup" aria-label={t('danmaku.color')}>
        {PALETTE.map((c) => (
          // biome-ignore lint/a11y/useSemanticElements: a colour swatch, not a form radio input
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={c === color}
            aria-label={c}
            data-testid={`danmaku-color-${c.slice(1)}`}
            className={`${styles.swatch} ${c === color ? styles.swatchOn : ''}`}
            style={{ background: c }}
            onClick={() => setPrefs({ color: c })}
          />
        ))}
      </div>
    </PlainForm>
  );
}

function SettingsPanel() {
  const { t } = useTranslation();
  const prefs = useDanmakuSettings();
  const [word, setWord] = useState('');
  const pct = (n: number) => `${Math.round(n * 100)}%`;

  const add = () => {
    if (prefs.addKeyword(word)) setWord('');
    else if (word.trim()) toast(t('danmaku.keywordRejected', { max: MAX_KEYWORD_LENGTH }));
  };

  return (
    <div className={styles.panel} data-testid="danmaku-settings">
      <div className={styles.label}>
        {t('danmaku.opacity')} <span className={styles.value}>{pct(prefs.opacity)}</span>
      </div>
      <Slider
        min={OPACITY_RANGE.min * 100}
        max={OPACITY_RANGE.max * 100}
        step={10}
        value={Math.round(prefs.opacity * 100)}
        onChange={(v) => prefs.set({ opacity: (Array.isArray(v) ? (v[0] ?? 100) : v) / 100 })}
      />
      <div className={styles.label}>{t('danmaku.area')}</div>
      <Selector
        data-testid="danmaku-area"
        columns={4}
        value={[prefs.area]}
        onChange={(v) => v[0] !== undefined && prefs.set({ area: v[0] })}
        options={AREA_OPTIONS.map((a) => ({ label: pct(a), value: a }))}
      />
      <div className={styles.label}>{t('danmaku.fontSize')}</div>
      <Selector
        data-testid="danmaku-font"
        columns={4}
        value={[prefs.fontSize]}
        onChange={(v) => v[0] !== undefined && prefs.set({ fontSize: v[0] })}
        options={FONT_SIZE_OPTIONS.map((f, i) => ({
          label: t(
            ['danmaku.fontSmall', 'danmaku.fontMedium', 'danmaku.fontLarge', 'danmaku.fontHuge'][
              i
            ] as 'danmaku.fontSmall',
          ),
          value: f,
        }))}
      />
      <div className={styles.label}>{t('danmaku.speed')}</div>
      <Selector
        data-testid="danmaku-speed"
        // Five speeds on one row cut their names off ("Slowes", "Norma" at 390 px): three per row.
        columns={3}
        value={[prefs.speed]}
        onChange={(v) => v[0] !== undefined && prefs.set({ speed: v[0] })}
        options={SPEED_OPTIONS.map((s, i) => ({
          label: t(
            [
              'danmaku.speedSlowest',
              'danmaku.speedSlow',
              'danmaku.speedNormal',
              'danmaku.speedFast',
              'danmaku.speedFastest',
            ][i] as 'danmaku.speedNormal',
          ),
          value: s,
        }))}
      />
      <div className={styles.label}>{t('danmaku.blocked')}</div>
      <div className={styles.sendRow}>
        <Input
          className={styles.input}
          value={word}
          onChange={setWord}
          placeholder={t('danmaku.keywordPlaceholder')}
          onEnterPress={add}
          data-testid="danmaku-keyword-input"
        />
        <button type="button" className={styles.sendButton} onClick={add} data-testid="danmaku-keyword-add">
          {t('danmaku.addKeyword')}
        </button>
      </div>
      {prefs.blocked.length === 0 ? (
        <p className={styles.empty}>{t('danmaku.noKeywords')}</p>
      ) : (
        <ul className={styles.keywords} data-testid="danmaku-keywords">
          {prefs.blocked.map((k) => (
            <li key={k} className={styles.keyword}>
              <span>{k}</span>
              <button
                type="button"
                className={styles.removeKeyword}
                aria-label={t('danmaku.removeKeyword', { word: k })}
                onClick={() => prefs.removeKeyword(k)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
