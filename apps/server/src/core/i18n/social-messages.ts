/**
 * Messages of the social module (modules/social: follows, homepages, likes of titles, short links) in the 9
 * locales of spec §1 (zh-cn is the source).
 */
import type { Locale } from '@openvod/contract';

export type SocialKey = 'social_follow_self' | 'social_user_not_found' | 'social_share_path' | 'social_short_not_found';

export const SOCIAL_MESSAGES: Record<Locale, Record<SocialKey, string>> = {
  'zh-cn': {
    social_follow_self: '不能关注自己',
    social_user_not_found: '该用户不存在或已注销',
    social_share_path: '只能分享本应用内的页面',
    social_short_not_found: '短链接不存在',
  },
  'zh-tw': {
    social_follow_self: '不能關注自己',
    social_user_not_found: '該用戶不存在或已註銷',
    social_share_path: '只能分享本應用內的頁面',
    social_short_not_found: '短連結不存在',
  },
  'en-us': {
    social_follow_self: 'You cannot follow yourself',
    social_user_not_found: 'This user does not exist or has been deleted',
    social_share_path: 'Only pages of this app can be shared',
    social_short_not_found: 'This short link does not exist',
  },
  'fr-fr': {
    social_follow_self: 'Vous ne pouvez pas vous suivre vous-même',
    social_user_not_found: "Cet utilisateur n'existe pas ou a été supprimé",
    social_share_path: 'Seules les pages de cette application peuvent être partagées',
    social_short_not_found: "Ce lien court n'existe pas",
  },
  'de-de': {
    social_follow_self: 'Sie können sich nicht selbst folgen',
    social_user_not_found: 'Dieser Nutzer existiert nicht oder wurde gelöscht',
    social_share_path: 'Nur Seiten dieser App können geteilt werden',
    social_short_not_found: 'Dieser Kurzlink existiert nicht',
  },
  'es-es': {
    social_follow_self: 'No puede seguirse a sí mismo',
    social_user_not_found: 'Este usuario no existe o ha sido eliminado',
    social_share_path: 'Solo se pueden compartir páginas de esta aplicación',
    social_short_not_found: 'Este enlace corto no existe',
  },
  'pt-pt': {
    social_follow_self: 'Não pode seguir-se a si próprio',
    social_user_not_found: 'Este utilizador não existe ou foi eliminado',
    social_share_path: 'Só é possível partilhar páginas desta aplicação',
    social_short_not_found: 'Esta ligação curta não existe',
  },
  'ja-jp': {
    social_follow_self: '自分自身をフォローすることはできません',
    social_user_not_found: 'このユーザーは存在しないか、退会済みです',
    social_share_path: 'このアプリ内のページのみ共有できます',
    social_short_not_found: 'この短縮リンクは存在しません',
  },
  'ko-kr': {
    social_follow_self: '자기 자신을 팔로우할 수 없습니다',
    social_user_not_found: '존재하지 않거나 탈퇴한 사용자입니다',
    social_share_path: '이 앱의 페이지만 공유할 수 있습니다',
    social_short_not_found: '존재하지 않는 단축 링크입니다',
  },
};
