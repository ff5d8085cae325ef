/** Texts of the comment screens that are not plain i18n keys. */
import type { TFunction } from 'i18next';
import { errorMessage } from '../../ui/StateViews';

/** The server's message of a failed write (already in the viewer's language), else a generic failure. */
export function errorText(error: unknown, t: TFunction): string {
  return errorMessage(error) ?? t('common.loadingFailed');
}
