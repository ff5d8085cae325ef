/**
 * The scan entry (spec §6 "QR scan"; the Me page's top-right icon): a sheet with the camera (getUserMedia, the rear
 * camera where there is one) read frame by frame, and a button to pick a picture from the album instead. A member's
 * identity QR opens their homepage; anything else says 'The scanning content is incorrect!'.
 */
import { Popup } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../ui/feedback';
import { ImageIcon } from '../../ui/icons';
import { SheetHead } from '../../ui/SheetHead';
import { ScanIcon } from './icons';
import { decodeFile, decodeQr, pixelsOf, scanTarget } from './scan';
import styles from './social.module.css';

export function ScanButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('social.scan')}
        onClick={() => setOpen(true)}
        data-testid="me-scan"
      >
        <ScanIcon size={22} />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        destroyOnClose
        bodyStyle={{ borderRadius: '14px 14px 0 0' }}
      >
        {open && <Scanner onClose={() => setOpen(false)} />}
      </Popup>
    </>
  );
}

/** The camera view and the album button; calls `onClose` once it led somewhere. */
export function Scanner({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<'starting' | 'on' | 'off'>('starting');
  const done = useRef(false);

  const handle = useCallback(
    (text: string | undefined) => {
      if (done.current) return;
      const to = text ? scanTarget(text) : undefined;
      if (!to) {
        toast(t('social.scanIncorrect'), 'fail');
        return false;
      }
      done.current = true;
      onClose();
      navigate(to);
      return true;
    },
    [navigate, onClose, t],
  );

  useEffect(() => {
    let stream: MediaStream | undefined;
    let frame = 0;
    let stopped = false;
    let lastWrong = '';
    const tick = () => {
      if (stopped || done.current) return;
      const v = video.current;
      if (v && v.readyState >= 2) {
        const pixels = pixelsOf(v, v.videoWidth, v.videoHeight, 640);
        const text = pixels ? decodeQr(pixels) : undefined;
        // A code that is not ours is reported once, not at every frame it stays in view.
        if (text && text !== lastWrong && handle(text) === false) lastWrong = text;
      }
      frame = requestAnimationFrame(tick);
    };
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play().catch(() => undefined);
        setCamera('on');
        frame = requestAnimationFrame(tick);
      } catch {
        if (!stopped) setCamera('off');
      }
    })();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [handle]);

  return (
    <div className={styles.scanner} data-testid="scanner">
      <SheetHead title={t('social.scan')} onClose={onClose} />
      <video
        ref={video}
        className={styles.video}
        hidden={camera === 'off'}
        muted
        playsInline
        data-camera={camera}
        data-testid="scan-video"
      />
      {camera === 'off' && (
        <div className={styles.noCamera} aria-hidden="true">
          <ScanIcon size={56} />
        </div>
      )}
      <p className={styles.hint}>{camera === 'off' ? t('social.cameraOff') : t('social.scanHint')}</p>
      <label className={`${styles.action} ${styles.primary}`}>
        <ImageIcon size={18} />
        <span>{t('social.fromAlbum')}</span>
        <input
          type="file"
          accept="image/*"
          hidden
          data-testid="scan-file"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            handle(await decodeFile(file).catch(() => undefined));
          }}
        />
      </label>
    </div>
  );
}
