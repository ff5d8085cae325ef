/** Icons of casting (stroke = currentColor, sized by `size`). */
import { Svg as BaseSvg, type IconProps } from '../../ui/icons';

/** The shared icon frame, 24 px unless `size` says otherwise. */
const Svg = (p: IconProps) => <BaseSvg size={24} {...p} />;

/** A screen with signal waves in the corner (the usual cast symbol). */
export const CastGlyph = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 8V6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-6" />
    <path d="M3 12a8 8 0 0 1 8 8M3 16a4 4 0 0 1 4 4" />
    <circle cx="3.5" cy="19.5" r="0.8" fill="currentColor" />
  </Svg>
);

/** A TV set. */
export const TvGlyph = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="5" width="18" height="12" rx="2" />
    <path d="M8 21h8M12 17v4" />
  </Svg>
);
