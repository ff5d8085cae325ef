/**
 * Messages of the location pages' server side (modules/places: the geocoder proxy's failures) in the 9 locales of
 * spec §1 (zh-cn is the source).
 */
import type { Locale } from '@openvod/contract';

export type PlacesKey =
  | 'places_geocoder_failed'
  | 'places_geocoder_timeout'
  | 'places_geocoder_refused'
  | 'places_sign_in_required';

export const PLACES_MESSAGES: Record<Locale, Record<PlacesKey, string>> = {
  'zh-cn': {
    places_geocoder_failed: '地点搜索暂不可用，请稍后再试',
    places_geocoder_timeout: '地点搜索超时，请稍后再试',
    places_geocoder_refused: '地点搜索服务地址不被允许，请联系管理员',
    places_sign_in_required: '请先登录后再设置地区',
  },
  'zh-tw': {
    places_geocoder_failed: '地點搜尋暫不可用，請稍後再試',
    places_geocoder_timeout: '地點搜尋逾時，請稍後再試',
    places_geocoder_refused: '地點搜尋服務位址不被允許，請聯絡管理員',
    places_sign_in_required: '請先登入後再設定地區',
  },
  'en-us': {
    places_geocoder_failed: 'Place search is unavailable, please try again later',
    places_geocoder_timeout: 'Place search timed out, please try again later',
    places_geocoder_refused: 'The place search service address is not allowed, please contact the operator',
    places_sign_in_required: 'Please sign in before setting your region',
  },
  'fr-fr': {
    places_geocoder_failed: 'La recherche de lieux est indisponible, veuillez réessayer plus tard',
    places_geocoder_timeout: 'La recherche de lieux a expiré, veuillez réessayer plus tard',
    places_geocoder_refused: "L'adresse du service de recherche de lieux n'est pas autorisée, contactez l'opérateur",
    places_sign_in_required: 'Veuillez vous connecter avant de définir votre région',
  },
  'de-de': {
    places_geocoder_failed: 'Die Ortssuche ist nicht verfügbar, bitte später erneut versuchen',
    places_geocoder_timeout: 'Die Ortssuche hat zu lange gedauert, bitte später erneut versuchen',
    places_geocoder_refused: 'Die Adresse des Ortssuchdienstes ist nicht erlaubt, bitte den Betreiber kontaktieren',
    places_sign_in_required: 'Bitte melden Sie sich an, bevor Sie Ihre Region festlegen',
  },
  'es-es': {
    places_geocoder_failed: 'La búsqueda de lugares no está disponible, inténtalo más tarde',
    places_geocoder_timeout: 'La búsqueda de lugares ha tardado demasiado, inténtalo más tarde',
    places_geocoder_refused:
      'La dirección del servicio de búsqueda de lugares no está permitida, contacta con el operador',
    places_sign_in_required: 'Inicia sesión antes de establecer tu región',
  },
  'pt-pt': {
    places_geocoder_failed: 'A pesquisa de locais está indisponível, tente novamente mais tarde',
    places_geocoder_timeout: 'A pesquisa de locais demorou demasiado, tente novamente mais tarde',
    places_geocoder_refused: 'O endereço do serviço de pesquisa de locais não é permitido, contacte o operador',
    places_sign_in_required: 'Inicie sessão antes de definir a sua região',
  },
  'ja-jp': {
    places_geocoder_failed: '場所の検索は現在利用できません。しばらくしてから再度お試しください',
    places_geocoder_timeout: '場所の検索がタイムアウトしました。しばらくしてから再度お試しください',
    places_geocoder_refused: '場所検索サービスのアドレスは許可されていません。運営者にお問い合わせください',
    places_sign_in_required: '地域を設定するにはログインしてください',
  },
  'ko-kr': {
    places_geocoder_failed: '장소 검색을 사용할 수 없습니다. 잠시 후 다시 시도해 주세요',
    places_geocoder_timeout: '장소 검색 시간이 초과되었습니다. 잠시 후 다시 시도해 주세요',
    places_geocoder_refused: '장소 검색 서비스 주소가 허용되지 않습니다. 운영자에게 문의해 주세요',
    places_sign_in_required: '지역을 설정하려면 먼저 로그인해 주세요',
  },
};
