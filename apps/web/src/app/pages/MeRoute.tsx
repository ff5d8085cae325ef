import MePage from '../../features/me/MePage';
import { LANGUAGE_NAMES } from '../../features/settings/languages';
import { useEffectiveLocale } from '../useEffectiveLocale';

export default function MeRoute() {
  return <MePage languageName={LANGUAGE_NAMES[useEffectiveLocale()]} />;
}
