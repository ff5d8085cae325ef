/**
 * Messages of the promotion programme's earnings side (modules/promotion: reversal, points exchange, console edits)
 * in the 9 locales of spec §1 (zh-cn is the source).
 */
import type { Locale } from '@openvod/contract';

export type PromotionKey =
  | 'promo_off'
  | 'promo_earning_not_found'
  | 'promo_already_reversed'
  | 'promo_reverse_insufficient'
  | 'promo_exchange_off'
  | 'promo_exchange_too_small'
  | 'promo_user_not_found'
  | 'promo_signal_not_found'
  | 'promo_levels_invalid'
  | 'promo_tiers_invalid';

export const PROMOTION_MESSAGES: Record<Locale, Record<PromotionKey, string>> = {
  'zh-cn': {
    promo_off: '推广活动暂未开放',
    promo_earning_not_found: '收益记录不存在',
    promo_already_reversed: '该收益已撤回',
    promo_reverse_insufficient: '余额已不足以撤回该收益（可能已提现）',
    promo_exchange_off: '暂不支持积分兑换现金',
    promo_exchange_too_small: '积分不足以兑换 1 分钱',
    promo_user_not_found: '用户不存在',
    promo_signal_not_found: '风险提示不存在',
    promo_levels_invalid: '等级设置有误：最多一个代理等级，且需要一个门槛为 0 的普通等级',
    promo_tiers_invalid: '邀请档位的人数不能重复',
  },
  'zh-tw': {
    promo_off: '推廣活動暫未開放',
    promo_earning_not_found: '收益記錄不存在',
    promo_already_reversed: '該收益已撤回',
    promo_reverse_insufficient: '餘額已不足以撤回該收益（可能已提現）',
    promo_exchange_off: '暫不支援積分兌換現金',
    promo_exchange_too_small: '積分不足以兌換 1 分錢',
    promo_user_not_found: '用戶不存在',
    promo_signal_not_found: '風險提示不存在',
    promo_levels_invalid: '等級設定有誤：最多一個代理等級，且需要一個門檻為 0 的普通等級',
    promo_tiers_invalid: '邀請檔位的人數不能重複',
  },
  'en-us': {
    promo_off: 'The promotion programme is not open',
    promo_earning_not_found: 'Earning not found',
    promo_already_reversed: 'This earning was already reversed',
    promo_reverse_insufficient: 'The balance no longer covers this earning (it may have been withdrawn)',
    promo_exchange_off: 'Exchanging points for cash is not available',
    promo_exchange_too_small: 'Too few points to make 1 fen',
    promo_user_not_found: 'User not found',
    promo_signal_not_found: 'Signal not found',
    promo_levels_invalid:
      'Invalid levels: at most one agent level, and one ordinary level needing 0 qualified invitees',
    promo_tiers_invalid: 'Two tiers cannot need the same number of invitees',
  },
  'fr-fr': {
    promo_off: "Le programme de parrainage n'est pas ouvert",
    promo_earning_not_found: 'Gain introuvable',
    promo_already_reversed: 'Ce gain a déjà été annulé',
    promo_reverse_insufficient: 'Le solde ne couvre plus ce gain (il a peut-être été retiré)',
    promo_exchange_off: "L'échange de points contre de l'argent n'est pas disponible",
    promo_exchange_too_small: 'Pas assez de points pour 1 fen',
    promo_user_not_found: 'Utilisateur introuvable',
    promo_signal_not_found: 'Signal introuvable',
    promo_levels_invalid:
      'Niveaux invalides : un seul niveau agent au plus, et un niveau ordinaire à 0 filleul qualifié',
    promo_tiers_invalid: 'Deux paliers ne peuvent pas demander le même nombre de filleuls',
  },
  'de-de': {
    promo_off: 'Das Empfehlungsprogramm ist nicht geöffnet',
    promo_earning_not_found: 'Einnahme nicht gefunden',
    promo_already_reversed: 'Diese Einnahme wurde bereits storniert',
    promo_reverse_insufficient: 'Das Guthaben deckt diese Einnahme nicht mehr (vielleicht schon ausgezahlt)',
    promo_exchange_off: 'Punkte gegen Geld tauschen ist nicht verfügbar',
    promo_exchange_too_small: 'Zu wenige Punkte für 1 Fen',
    promo_user_not_found: 'Benutzer nicht gefunden',
    promo_signal_not_found: 'Hinweis nicht gefunden',
    promo_levels_invalid:
      'Ungültige Stufen: höchstens eine Agentenstufe und eine normale Stufe mit 0 qualifizierten Eingeladenen',
    promo_tiers_invalid: 'Zwei Staffeln können nicht dieselbe Anzahl Eingeladener verlangen',
  },
  'es-es': {
    promo_off: 'El programa de promoción no está abierto',
    promo_earning_not_found: 'Ganancia no encontrada',
    promo_already_reversed: 'Esta ganancia ya se anuló',
    promo_reverse_insufficient: 'El saldo ya no cubre esta ganancia (quizá se retiró)',
    promo_exchange_off: 'No se pueden canjear puntos por dinero',
    promo_exchange_too_small: 'Puntos insuficientes para 1 fen',
    promo_user_not_found: 'Usuario no encontrado',
    promo_signal_not_found: 'Señal no encontrada',
    promo_levels_invalid:
      'Niveles no válidos: como máximo un nivel de agente y un nivel normal con 0 invitados cualificados',
    promo_tiers_invalid: 'Dos tramos no pueden pedir el mismo número de invitados',
  },
  'pt-pt': {
    promo_off: 'O programa de promoção não está aberto',
    promo_earning_not_found: 'Ganho não encontrado',
    promo_already_reversed: 'Este ganho já foi anulado',
    promo_reverse_insufficient: 'O saldo já não cobre este ganho (pode ter sido levantado)',
    promo_exchange_off: 'Não é possível trocar pontos por dinheiro',
    promo_exchange_too_small: 'Pontos insuficientes para 1 fen',
    promo_user_not_found: 'Utilizador não encontrado',
    promo_signal_not_found: 'Sinal não encontrado',
    promo_levels_invalid:
      'Níveis inválidos: no máximo um nível de agente e um nível normal com 0 convidados qualificados',
    promo_tiers_invalid: 'Dois escalões não podem pedir o mesmo número de convidados',
  },
  'ja-jp': {
    promo_off: 'プロモーションは現在利用できません',
    promo_earning_not_found: '収益記録が見つかりません',
    promo_already_reversed: 'この収益はすでに取り消されています',
    promo_reverse_insufficient: '残高が不足しているため取り消せません（出金済みの可能性があります）',
    promo_exchange_off: 'ポイントの現金交換は利用できません',
    promo_exchange_too_small: '1 分に交換するにはポイントが足りません',
    promo_user_not_found: 'ユーザーが見つかりません',
    promo_signal_not_found: 'リスク通知が見つかりません',
    promo_levels_invalid: '等級の設定が正しくありません：代理等級は 1 つまで、基準 0 の通常等級が必要です',
    promo_tiers_invalid: '同じ招待人数の段階は設定できません',
  },
  'ko-kr': {
    promo_off: '프로모션이 아직 열리지 않았습니다',
    promo_earning_not_found: '수익 기록을 찾을 수 없습니다',
    promo_already_reversed: '이미 취소된 수익입니다',
    promo_reverse_insufficient: '잔액이 부족하여 취소할 수 없습니다(이미 출금되었을 수 있음)',
    promo_exchange_off: '포인트를 현금으로 교환할 수 없습니다',
    promo_exchange_too_small: '1펀으로 교환하기에 포인트가 부족합니다',
    promo_user_not_found: '사용자를 찾을 수 없습니다',
    promo_signal_not_found: '위험 신호를 찾을 수 없습니다',
    promo_levels_invalid: '등급 설정 오류: 대리 등급은 최대 1개, 기준 0인 일반 등급이 필요합니다',
    promo_tiers_invalid: '같은 초대 인원의 단계는 둘 수 없습니다',
  },
};
