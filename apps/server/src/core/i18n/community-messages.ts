/**
 * Messages of the community's safety layer (modules/community/community.service.ts) in the 9 locales of spec §1
 * (zh-cn is the source). The frequency and repeat refusals use the shared `rate_limited` ('Please do not operate
 * frequently') and `conflict` ('Do not repeat the operation') of messages.ts, the tourist's the shared
 * `unauthorized` ('Unauthorized, please log in').
 */
import type { Locale } from '@openvod/contract';

export type CommunityKey = 'community_muted' | 'comment_closed';

export const COMMUNITY_MESSAGES: Record<Locale, Record<CommunityKey, string>> = {
  'zh-cn': { community_muted: '你已被禁言，暂时不能发言', comment_closed: '评论功能已关闭' },
  'zh-tw': { community_muted: '你已被禁言，暫時不能發言', comment_closed: '評論功能已關閉' },
  'en-us': {
    community_muted: 'You have been muted and cannot post for now',
    comment_closed: 'Comments are turned off',
  },
  'fr-fr': {
    community_muted: 'Vous êtes réduit au silence et ne pouvez pas publier pour le moment',
    comment_closed: 'Les commentaires sont désactivés',
  },
  'de-de': {
    community_muted: 'Sie wurden stummgeschaltet und können vorerst nichts schreiben',
    comment_closed: 'Kommentare sind ausgeschaltet',
  },
  'es-es': {
    community_muted: 'Has sido silenciado y no puedes publicar por ahora',
    comment_closed: 'Los comentarios están desactivados',
  },
  'pt-pt': {
    community_muted: 'Foi silenciado e não pode publicar por agora',
    comment_closed: 'Os comentários estão desativados',
  },
  'ja-jp': {
    community_muted: '発言が制限されているため、現在投稿できません',
    comment_closed: 'コメント機能はオフです',
  },
  'ko-kr': {
    community_muted: '발언이 제한되어 지금은 글을 쓸 수 없습니다',
    comment_closed: '댓글 기능이 꺼져 있습니다',
  },
};
