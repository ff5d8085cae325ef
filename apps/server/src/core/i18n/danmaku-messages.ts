/**
 * Messages of danmaku (issue 5 item 3: barrageSend refusals; item 6: the console's moderation) in the 9 locales of
 * spec §1 (zh-cn is the source). `{name}` marks a parameter. The web app toasts them as the server sends them
 * (spec §4 "Danmaku send", §8 "Danmaku post failure shows a toast with the server message").
 */
import type { Locale } from '@openvod/contract';

export type DanmakuKey =
  | 'danmaku_off'
  | 'danmaku_blocked'
  | 'danmaku_text_empty'
  | 'danmaku_text_long'
  | 'danmaku_too_fast'
  | 'danmaku_not_found'
  | 'danmaku_user_not_found';

export const DANMAKU_MESSAGES: Record<Locale, Record<DanmakuKey, string>> = {
  'zh-cn': {
    danmaku_off: '弹幕功能已关闭',
    danmaku_blocked: '你已被禁止发送弹幕',
    danmaku_text_empty: '弹幕内容不能为空',
    danmaku_text_long: '弹幕最多 {max} 个字',
    danmaku_too_fast: '发送太频繁，请稍后再试',
    danmaku_not_found: '弹幕不存在',
    danmaku_user_not_found: '用户不存在',
  },
  'zh-tw': {
    danmaku_off: '彈幕功能已關閉',
    danmaku_blocked: '你已被禁止發送彈幕',
    danmaku_text_empty: '彈幕內容不能為空',
    danmaku_text_long: '彈幕最多 {max} 個字',
    danmaku_too_fast: '發送太頻繁，請稍後再試',
    danmaku_not_found: '彈幕不存在',
    danmaku_user_not_found: '使用者不存在',
  },
  'en-us': {
    danmaku_off: 'Danmaku are turned off',
    danmaku_blocked: 'You are blocked from sending danmaku',
    danmaku_text_empty: 'The danmaku cannot be empty',
    danmaku_text_long: 'A danmaku has at most {max} characters',
    danmaku_too_fast: 'You are sending too fast, please try again later',
    danmaku_not_found: 'This danmaku does not exist',
    danmaku_user_not_found: 'This user does not exist',
  },
  'fr-fr': {
    danmaku_off: 'Les danmaku sont désactivés',
    danmaku_blocked: "Vous n'avez plus le droit d'envoyer des danmaku",
    danmaku_text_empty: 'Le danmaku ne peut pas être vide',
    danmaku_text_long: 'Un danmaku compte au plus {max} caractères',
    danmaku_too_fast: 'Vous envoyez trop vite, réessayez plus tard',
    danmaku_not_found: "Ce danmaku n'existe pas",
    danmaku_user_not_found: "Cet utilisateur n'existe pas",
  },
  'de-de': {
    danmaku_off: 'Danmaku sind ausgeschaltet',
    danmaku_blocked: 'Sie dürfen keine Danmaku mehr senden',
    danmaku_text_empty: 'Das Danmaku darf nicht leer sein',
    danmaku_text_long: 'Ein Danmaku hat höchstens {max} Zeichen',
    danmaku_too_fast: 'Sie senden zu schnell, bitte versuchen Sie es später erneut',
    danmaku_not_found: 'Dieses Danmaku existiert nicht',
    danmaku_user_not_found: 'Diesen Benutzer gibt es nicht',
  },
  'es-es': {
    danmaku_off: 'Los danmaku están desactivados',
    danmaku_blocked: 'Tienes bloqueado el envío de danmaku',
    danmaku_text_empty: 'El danmaku no puede estar vacío',
    danmaku_text_long: 'Un danmaku tiene como máximo {max} caracteres',
    danmaku_too_fast: 'Envías demasiado rápido, inténtalo más tarde',
    danmaku_not_found: 'Este danmaku no existe',
    danmaku_user_not_found: 'Este usuario no existe',
  },
  'pt-pt': {
    danmaku_off: 'Os danmaku estão desativados',
    danmaku_blocked: 'Está impedido de enviar danmaku',
    danmaku_text_empty: 'O danmaku não pode estar vazio',
    danmaku_text_long: 'Um danmaku tem no máximo {max} caracteres',
    danmaku_too_fast: 'Está a enviar depressa demais, tente mais tarde',
    danmaku_not_found: 'Este danmaku não existe',
    danmaku_user_not_found: 'Este utilizador não existe',
  },
  'ja-jp': {
    danmaku_off: '弾幕はオフになっています',
    danmaku_blocked: '弾幕の送信が禁止されています',
    danmaku_text_empty: '弾幕を入力してください',
    danmaku_text_long: '弾幕は {max} 文字以内です',
    danmaku_too_fast: '送信が多すぎます。しばらくしてからお試しください',
    danmaku_not_found: 'この弾幕は存在しません',
    danmaku_user_not_found: 'このユーザーは存在しません',
  },
  'ko-kr': {
    danmaku_off: '탄막이 꺼져 있습니다',
    danmaku_blocked: '탄막 전송이 차단되었습니다',
    danmaku_text_empty: '탄막 내용을 입력하세요',
    danmaku_text_long: '탄막은 최대 {max}자입니다',
    danmaku_too_fast: '너무 자주 보내고 있습니다. 잠시 후 다시 시도하세요',
    danmaku_not_found: '존재하지 않는 탄막입니다',
    danmaku_user_not_found: '존재하지 않는 사용자입니다',
  },
};
