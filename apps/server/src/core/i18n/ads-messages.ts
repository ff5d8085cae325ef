/**
 * Messages of the ad system (issue 7 item 4: adImpression / adClick tokens; console per-slot order) in the 9 locales
 * of spec §1 (zh-cn is the source).
 */
import type { Locale } from '@openvod/contract';

export type AdsKey = 'ad_token_invalid' | 'ad_token_expired' | 'ad_order_mismatch';

export const ADS_MESSAGES: Record<Locale, Record<AdsKey, string>> = {
  'zh-cn': {
    ad_token_invalid: '广告凭证无效',
    ad_token_expired: '广告已过期，请刷新后重试',
    ad_order_mismatch: '排序列表必须包含该广告位的全部广告',
  },
  'zh-tw': {
    ad_token_invalid: '廣告憑證無效',
    ad_token_expired: '廣告已過期，請重新整理後重試',
    ad_order_mismatch: '排序清單必須包含該廣告位的全部廣告',
  },
  'en-us': {
    ad_token_invalid: 'This ad token is not valid',
    ad_token_expired: 'This ad has expired, please refresh and try again',
    ad_order_mismatch: 'The order must list every ad of the slot exactly once',
  },
  'fr-fr': {
    ad_token_invalid: "Ce jeton de publicité n'est pas valide",
    ad_token_expired: 'Cette publicité a expiré, actualisez puis réessayez',
    ad_order_mismatch: "L'ordre doit citer chaque publicité de l'emplacement une seule fois",
  },
  'de-de': {
    ad_token_invalid: 'Dieses Werbe-Token ist ungültig',
    ad_token_expired: 'Diese Werbung ist abgelaufen, bitte neu laden und erneut versuchen',
    ad_order_mismatch: 'Die Reihenfolge muss jede Werbung des Platzes genau einmal enthalten',
  },
  'es-es': {
    ad_token_invalid: 'Este token de anuncio no es válido',
    ad_token_expired: 'Este anuncio ha caducado; actualice e inténtelo de nuevo',
    ad_order_mismatch: 'El orden debe incluir cada anuncio del espacio exactamente una vez',
  },
  'pt-pt': {
    ad_token_invalid: 'Este token de anúncio não é válido',
    ad_token_expired: 'Este anúncio expirou; atualize e tente novamente',
    ad_order_mismatch: 'A ordem deve incluir cada anúncio do espaço exatamente uma vez',
  },
  'ja-jp': {
    ad_token_invalid: 'この広告トークンは無効です',
    ad_token_expired: 'この広告は期限切れです。更新してからもう一度お試しください',
    ad_order_mismatch: '並び順には枠内のすべての広告を一度ずつ含めてください',
  },
  'ko-kr': {
    ad_token_invalid: '이 광고 토큰은 유효하지 않습니다',
    ad_token_expired: '광고가 만료되었습니다. 새로 고친 후 다시 시도하세요',
    ad_order_mismatch: '순서에는 해당 슬롯의 모든 광고가 한 번씩 포함되어야 합니다',
  },
};
