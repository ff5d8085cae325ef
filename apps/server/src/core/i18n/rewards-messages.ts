/**
 * Messages of rewarded ads (issue 7 item 3: rewardNonce, rewardProgress, rewardStatus refusals) in the 9 locales of
 * spec §1 (zh-cn is the source).
 */
import type { Locale } from '@openvod/contract';

export type RewardsKey = 'reward_cap' | 'reward_no_ad' | 'reward_nonce_unknown' | 'reward_network_off';

export const REWARDS_MESSAGES: Record<Locale, Record<RewardsKey, string>> = {
  'zh-cn': {
    reward_cap: '今日观看广告奖励次数已用完，请明天再来',
    reward_no_ad: '暂无可观看的激励广告',
    reward_nonce_unknown: '广告凭证无效或已过期',
    reward_network_off: '该广告平台暂未开通',
  },
  'zh-tw': {
    reward_cap: '今日觀看廣告獎勵次數已用完，請明天再來',
    reward_no_ad: '暫無可觀看的激勵廣告',
    reward_nonce_unknown: '廣告憑證無效或已過期',
    reward_network_off: '該廣告平台暫未開通',
  },
  'en-us': {
    reward_cap: 'You have used all of today’s ad rewards. Come back tomorrow',
    reward_no_ad: 'No rewarded ad is available right now',
    reward_nonce_unknown: 'The ad ticket is invalid or has expired',
    reward_network_off: 'This ad network is not set up',
  },
  'fr-fr': {
    reward_cap: 'Vous avez utilisé toutes les récompenses publicitaires du jour. Revenez demain',
    reward_no_ad: 'Aucune publicité récompensée n’est disponible pour le moment',
    reward_nonce_unknown: 'Le ticket publicitaire est invalide ou a expiré',
    reward_network_off: 'Ce réseau publicitaire n’est pas configuré',
  },
  'de-de': {
    reward_cap: 'Alle heutigen Werbebelohnungen sind aufgebraucht. Komm morgen wieder',
    reward_no_ad: 'Derzeit ist keine Belohnungswerbung verfügbar',
    reward_nonce_unknown: 'Das Werbeticket ist ungültig oder abgelaufen',
    reward_network_off: 'Dieses Werbenetzwerk ist nicht eingerichtet',
  },
  'es-es': {
    reward_cap: 'Has usado todas las recompensas por anuncios de hoy. Vuelve mañana',
    reward_no_ad: 'No hay ningún anuncio con recompensa disponible ahora',
    reward_nonce_unknown: 'El vale del anuncio no es válido o ha caducado',
    reward_network_off: 'Esta red publicitaria no está configurada',
  },
  'pt-pt': {
    reward_cap: 'Já usou todas as recompensas de anúncios de hoje. Volte amanhã',
    reward_no_ad: 'Não há nenhum anúncio com recompensa disponível agora',
    reward_nonce_unknown: 'O talão do anúncio é inválido ou expirou',
    reward_network_off: 'Esta rede de anúncios não está configurada',
  },
  'ja-jp': {
    reward_cap: '本日の広告視聴特典は上限に達しました。明日またお試しください',
    reward_no_ad: '現在視聴できるリワード広告はありません',
    reward_nonce_unknown: '広告チケットが無効か期限切れです',
    reward_network_off: 'この広告ネットワークは設定されていません',
  },
  'ko-kr': {
    reward_cap: '오늘의 광고 보상 횟수를 모두 사용했습니다. 내일 다시 오세요',
    reward_no_ad: '지금 볼 수 있는 보상형 광고가 없습니다',
    reward_nonce_unknown: '광고 티켓이 잘못되었거나 만료되었습니다',
    reward_network_off: '이 광고 네트워크는 설정되지 않았습니다',
  },
};
