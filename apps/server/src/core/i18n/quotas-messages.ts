/**
 * Messages of the free-view rule and per-title purchases (issue 7 item 2: ajaxUlog refusals, checkBuyPopedom /
 * ajaxBuyPopedom) in the 9 locales of spec §1 (zh-cn is the source; `quota_used_up` is spec §5 "When views or
 * downloads run out: watch an ad, log in or become VIP"). Short balances use the accounts module's
 * `insufficient_points`.
 */
import type { Locale } from '@openvod/contract';

export type QuotasKey =
  | 'quota_no_right'
  | 'quota_login_required'
  | 'quota_buy_required'
  | 'quota_used_up'
  | 'quota_buy_not_needed';

export const QUOTAS_MESSAGES: Record<Locale, Record<QuotasKey, string>> = {
  'zh-cn': {
    quota_no_right: '您所在的用户组没有该分类的观看或下载权限',
    quota_login_required: '该影片需要积分购买，请先登录',
    quota_buy_required: '该影片需要 {price} 积分购买',
    quota_used_up: '今日免费次数已用完：观看广告、登录或开通VIP即可继续',
    quota_buy_not_needed: '该影片无需购买',
  },
  'zh-tw': {
    quota_no_right: '您所在的用戶組沒有該分類的觀看或下載權限',
    quota_login_required: '該影片需要積分購買，請先登入',
    quota_buy_required: '該影片需要 {price} 積分購買',
    quota_used_up: '今日免費次數已用完：觀看廣告、登入或開通VIP即可繼續',
    quota_buy_not_needed: '該影片無需購買',
  },
  'en-us': {
    quota_no_right: 'Your user group may not watch or download this category',
    quota_login_required: 'This title is bought with points: please log in first',
    quota_buy_required: 'This title costs {price} points',
    quota_used_up: "Today's free views are used up: watch an ad, log in or become VIP to continue",
    quota_buy_not_needed: 'This title does not need to be bought',
  },
  'fr-fr': {
    quota_no_right: "Votre groupe d'utilisateurs ne peut pas regarder ou télécharger cette catégorie",
    quota_login_required: "Ce titre s'achète avec des points : connectez-vous d'abord",
    quota_buy_required: 'Ce titre coûte {price} points',
    quota_used_up:
      'Les vues gratuites du jour sont épuisées : regardez une publicité, connectez-vous ou devenez VIP pour continuer',
    quota_buy_not_needed: "Ce titre n'a pas besoin d'être acheté",
  },
  'de-de': {
    quota_no_right: 'Ihre Benutzergruppe darf diese Kategorie nicht ansehen oder herunterladen',
    quota_login_required: 'Dieser Titel wird mit Punkten gekauft: bitte zuerst anmelden',
    quota_buy_required: 'Dieser Titel kostet {price} Punkte',
    quota_used_up:
      'Die kostenlosen Aufrufe von heute sind aufgebraucht: Werbung ansehen, anmelden oder VIP werden, um fortzufahren',
    quota_buy_not_needed: 'Dieser Titel muss nicht gekauft werden',
  },
  'es-es': {
    quota_no_right: 'Tu grupo de usuarios no puede ver ni descargar esta categoría',
    quota_login_required: 'Este título se compra con puntos: inicia sesión primero',
    quota_buy_required: 'Este título cuesta {price} puntos',
    quota_used_up:
      'Las visualizaciones gratuitas de hoy se han agotado: mira un anuncio, inicia sesión o hazte VIP para continuar',
    quota_buy_not_needed: 'Este título no necesita comprarse',
  },
  'pt-pt': {
    quota_no_right: 'O seu grupo de utilizadores não pode ver nem transferir esta categoria',
    quota_login_required: 'Este título compra-se com pontos: inicie sessão primeiro',
    quota_buy_required: 'Este título custa {price} pontos',
    quota_used_up:
      'As visualizações gratuitas de hoje esgotaram-se: veja um anúncio, inicie sessão ou torne-se VIP para continuar',
    quota_buy_not_needed: 'Este título não precisa de ser comprado',
  },
  'ja-jp': {
    quota_no_right: 'お使いのユーザーグループはこのカテゴリを視聴・ダウンロードできません',
    quota_login_required: 'この作品はポイントで購入します。先にログインしてください',
    quota_buy_required: 'この作品は {price} ポイントです',
    quota_used_up: '本日の無料視聴回数を使い切りました。広告を見る、ログインする、またはVIPになると続けられます',
    quota_buy_not_needed: 'この作品は購入の必要がありません',
  },
  'ko-kr': {
    quota_no_right: '사용자 그룹에 이 카테고리의 시청 또는 다운로드 권한이 없습니다',
    quota_login_required: '이 작품은 포인트로 구매합니다. 먼저 로그인하세요',
    quota_buy_required: '이 작품은 {price} 포인트입니다',
    quota_used_up:
      '오늘의 무료 시청 횟수를 모두 사용했습니다. 광고를 보거나 로그인하거나 VIP가 되면 계속할 수 있습니다',
    quota_buy_not_needed: '이 작품은 구매할 필요가 없습니다',
  },
};
