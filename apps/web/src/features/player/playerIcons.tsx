/** Icons of the player overlay (white on video; stroke = currentColor, sized by `size`). */
import { Svg as BaseSvg, type IconProps } from '../../ui/icons';

/** The shared icon frame, 24 px unless `size` says otherwise. */
const Svg = (p: IconProps) => <BaseSvg size={24} {...p} />;

export const PlayGlyph = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 4.5v15l12.5-7.5z" fill="currentColor" />
  </Svg>
);

export const PauseGlyph = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7.5 5v14M16.5 5v14" strokeWidth={3} />
  </Svg>
);

export const NextGlyph = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 5v14l10-7z" fill="currentColor" />
    <path d="M18.5 5v14" strokeWidth={2.5} />
  </Svg>
);

export const MoreGlyph = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="5" cy="12" r="1.6" fill="currentColor" stroke="none" />
    <circle cx="12" cy="12" r="1.6" fill="currentColor" stroke="none" />
    <circle cx="19" cy="12" r="1.6" fill="currentColor" stroke="none" />
  </Svg>
);

export const LockGlyph = ({ open, ...p }: IconProps & { open?: boolean }) => (
  <Svg {...p}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d={open ? 'M8 10.5V7a4 4 0 0 1 7.7-1.5' : 'M8 10.5V7a4 4 0 0 1 8 0v3.5'} />
  </Svg>
);

export const FullscreenGlyph = ({ exit, ...p }: IconProps & { exit?: boolean }) => (
  <Svg strokeLinejoin="miter" {...p}>
    <path d={exit ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} />
  </Svg>
);

export const ListGlyph = (p: IconProps) => (
  <Svg {...p}>
    <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />
  </Svg>
);

export const BackGlyph = (p: IconProps) => (
  <Svg {...p}>
    <path d="M15 5l-7 7 7 7" />
  </Svg>
);

export const SunGlyph = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
  </Svg>
);

export const VolumeGlyph = ({ level = 1, ...p }: IconProps & { level?: number }) => (
  <Svg {...p}>
    <path d="M4 9v6h4l5 4V5L8 9H4z" fill="currentColor" stroke="none" />
    {level <= 0 ? (
      <path d="M17 9l5 6M22 9l-5 6" />
    ) : (
      <path d={level < 0.5 ? 'M16.5 8.5a5 5 0 0 1 0 7' : 'M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12'} />
    )}
  </Svg>
);

export const CameraGlyph = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13.5" r="3.5" />
  </Svg>
);
