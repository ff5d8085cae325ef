/**
 * Messages of comments (modules/community comments.service.ts) in the 9 locales of spec §1 (zh-cn is the source).
 * The safety layer's refusals (sign in, muted, comments closed, too frequent, repeats) are the community layer's own
 * keys.
 */
import type { Locale } from '@openvod/contract';

export type CommentKey = 'comment_empty' | 'comment_not_found';

export const COMMENT_MESSAGES: Record<Locale, Record<CommentKey, string>> = {
  'zh-cn': { comment_empty: '评论内容不能为空', comment_not_found: '评论不存在或已删除' },
  'zh-tw': { comment_empty: '評論內容不能為空', comment_not_found: '評論不存在或已刪除' },
  'en-us': {
    comment_empty: 'The comment cannot be empty',
    comment_not_found: 'This comment does not exist or was deleted',
  },
  'fr-fr': {
    comment_empty: 'Le commentaire ne peut pas être vide',
    comment_not_found: "Ce commentaire n'existe pas ou a été supprimé",
  },
  'de-de': {
    comment_empty: 'Der Kommentar darf nicht leer sein',
    comment_not_found: 'Dieser Kommentar existiert nicht oder wurde gelöscht',
  },
  'es-es': {
    comment_empty: 'El comentario no puede estar vacío',
    comment_not_found: 'Este comentario no existe o fue eliminado',
  },
  'pt-pt': {
    comment_empty: 'O comentário não pode estar vazio',
    comment_not_found: 'Este comentário não existe ou foi eliminado',
  },
  'ja-jp': {
    comment_empty: 'コメントを入力してください',
    comment_not_found: 'このコメントは存在しないか削除されました',
  },
  'ko-kr': { comment_empty: '댓글 내용을 입력하세요', comment_not_found: '존재하지 않거나 삭제된 댓글입니다' },
};
