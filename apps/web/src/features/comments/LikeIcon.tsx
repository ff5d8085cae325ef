/** The comments' like (thumb up) icon, drawn like the app's other icons (ui/icons.tsx); filled once liked. */
import { type IconProps, Svg } from '../../ui/icons';

export const LikeIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <Svg {...p}>
    <path
      d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1Zm0 0 4-7a2.5 2.5 0 0 1 2.5 2.8L13 9h5.6a2 2 0 0 1 2 2.3l-1.2 7.6a2.5 2.5 0 0 1-2.5 2.1H7"
      fill={filled ? 'currentColor' : 'none'}
    />
  </Svg>
);
