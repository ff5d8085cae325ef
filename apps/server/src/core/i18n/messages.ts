/**
 * Server messages in the 9 locales of spec §1 (zh-cn is the source). Error bodies carry `msg` in the caller's
 * language, chosen from the `lang` query/header or Accept-Language (DESIGN.md §3). `{name}` marks a parameter.
 * The spec's own wordings (spec §8) are used where it has one.
 */
import type { Locale } from '@openvod/contract';
import { ACCOUNT_MESSAGES, type AccountKey } from './account-messages.ts';
import { ADS_MESSAGES, type AdsKey } from './ads-messages.ts';
import { BILLING_MESSAGES, type BillingKey } from './billing-messages.ts';
import { CASH_MESSAGES, type CashKey } from './cash-messages.ts';
import { CAST_MESSAGES, type CastKey } from './cast-messages.ts';
import { CATALOGUE_MESSAGES, type CatalogueKey } from './catalogue-messages.ts';
import { COMMENT_MESSAGES, type CommentKey } from './comment-messages.ts';
import { COMMUNITY_MESSAGES, type CommunityKey } from './community-messages.ts';
import { DANMAKU_MESSAGES, type DanmakuKey } from './danmaku-messages.ts';
import { DOWNLOADS_MESSAGES, type DownloadsKey } from './downloads-messages.ts';
import { FEED_MESSAGES, type FeedKey } from './feed-messages.ts';
import { GBOOK_MESSAGES, type GbookKey } from './gbook-messages.ts';
import { PLACES_MESSAGES, type PlacesKey } from './places-messages.ts';
import { PLAYER_MESSAGES, type PlayerKey } from './player-messages.ts';
import { POINTS_MESSAGES, type PointsKey } from './points-messages.ts';
import { POSTER_MESSAGES, type PosterKey } from './poster-messages.ts';
import { PROMOTION_MESSAGES, type PromotionKey } from './promotion-messages.ts';
import { QUOTAS_MESSAGES, type QuotasKey } from './quotas-messages.ts';
import { REWARDS_MESSAGES, type RewardsKey } from './rewards-messages.ts';
import { SIGNIN_MESSAGES, type SigninKey } from './signin-messages.ts';
import { SOCIAL_MESSAGES, type SocialKey } from './social-messages.ts';

export type MessageKey =
  | BillingKey
  | PlayerKey
  | CastKey
  | CashKey
  | FeedKey
  | GbookKey
  | CatalogueKey
  | AccountKey
  | SigninKey
  | DanmakuKey
  | CommentKey
  | PointsKey
  | PosterKey
  | CommunityKey
  | PlacesKey
  | PromotionKey
  | QuotasKey
  | AdsKey
  | RewardsKey
  | DownloadsKey
  | SocialKey
  | 'ok'
  | 'validation'
  | 'v_required'
  | 'v_type'
  | 'v_too_small'
  | 'v_too_big'
  | 'v_format'
  | 'v_value'
  | 'unauthorized'
  | 'forbidden'
  | 'route_not_found'
  | 'rate_limited'
  | 'internal'
  | 'storage_unavailable'
  | 'vod_not_found'
  | 'type_not_found'
  | 'type_not_empty'
  | 'type_parent_invalid'
  | 'login_failed'
  | 'import_failed'
  | 'import_source_missing'
  | 'conflict'
  | 'skip_locked'
  | 'skip_no_category'
  | 'skip_empty_name';

type Catalogue = Record<
  Exclude<
    MessageKey,
    | BillingKey
    | PlayerKey
    | FeedKey
    | GbookKey
    | AccountKey
    | SigninKey
    | CatalogueKey
    | DanmakuKey
    | CommentKey
    | CastKey
    | CashKey
    | PointsKey
    | PosterKey
    | CommunityKey
    | PlacesKey
    | PromotionKey
    | QuotasKey
    | RewardsKey
    | DownloadsKey
    | SocialKey
    | AdsKey
  >,
  string
>;

const zhCn: Catalogue = {
  ok: '成功',
  validation: '参数错误：{field} {reason}',
  v_required: '不能为空',
  v_type: '类型不正确',
  v_too_small: '太小或太短（至少 {min}）',
  v_too_big: '太大或太长（最多 {max}）',
  v_format: '格式不正确',
  v_value: '取值不正确',
  unauthorized: '未授权，请登录',
  forbidden: '拒绝访问',
  route_not_found: '请求地址出错',
  rate_limited: '请勿频繁操作',
  internal: '服务器内部错误',
  storage_unavailable: '存储服务暂时不可用，请稍后再试',
  vod_not_found: '影片不存在或已下架',
  type_not_found: '分类不存在',
  type_not_empty: '分类下还有子分类或影片，不能删除',
  type_parent_invalid: '上级分类必须是已存在的顶级分类',
  login_failed: '账号或密码错误',
  import_failed: '导入失败：{reason}',
  import_source_missing: '请提供采集地址或数据文件',
  conflict: '请勿重复操作',
  skip_locked: '已锁定（vod_lock = 1），未更新',
  skip_no_category: '无分类：数据未给出可用的 type_id 或 type_name',
  skip_empty_name: '去除标签后片名为空',
};

const catalogues: Record<Locale, Catalogue> = {
  'zh-cn': zhCn,
  'zh-tw': {
    ok: '成功',
    validation: '參數錯誤：{field} {reason}',
    v_required: '不能為空',
    v_type: '類型不正確',
    v_too_small: '太小或太短（至少 {min}）',
    v_too_big: '太大或太長（最多 {max}）',
    v_format: '格式不正確',
    v_value: '取值不正確',
    unauthorized: '未授權，請登入',
    forbidden: '拒絕存取',
    route_not_found: '請求位址出錯',
    rate_limited: '請勿頻繁操作',
    internal: '伺服器內部錯誤',
    storage_unavailable: '儲存服務暫時無法使用，請稍後再試',
    vod_not_found: '影片不存在或已下架',
    type_not_found: '分類不存在',
    type_not_empty: '分類下還有子分類或影片，不能刪除',
    type_parent_invalid: '上級分類必須是已存在的頂級分類',
    login_failed: '帳號或密碼錯誤',
    import_failed: '匯入失敗：{reason}',
    import_source_missing: '請提供採集位址或資料檔案',
    conflict: '請勿重複操作',
    skip_locked: '已鎖定（vod_lock = 1），未更新',
    skip_no_category: '無分類：資料未提供可用的 type_id 或 type_name',
    skip_empty_name: '去除標籤後片名為空',
  },
  'en-us': {
    ok: 'ok',
    validation: 'Invalid parameter: {field} {reason}',
    v_required: 'is required',
    v_type: 'has the wrong type',
    v_too_small: 'is too small or too short (at least {min})',
    v_too_big: 'is too large or too long (at most {max})',
    v_format: 'has an invalid format',
    v_value: 'has an invalid value',
    unauthorized: 'Unauthorized, please log in',
    forbidden: 'Access denied',
    route_not_found: 'Request address error',
    rate_limited: 'Please do not operate frequently',
    internal: 'Internal server error',
    storage_unavailable: 'File storage is unavailable right now. Please try again later',
    vod_not_found: 'This title does not exist or has been taken down',
    type_not_found: 'This category does not exist',
    type_not_empty: 'The category still has sub-categories or titles and cannot be deleted',
    type_parent_invalid: 'The parent must be an existing top-level category',
    login_failed: 'Wrong account name or password',
    import_failed: 'Import failed: {reason}',
    import_source_missing: 'Give a collect URL or a feed file',
    conflict: 'Do not repeat the operation',
    skip_locked: 'locked (vod_lock = 1)',
    skip_no_category: 'no category: the item has no type_id/type_name the feed defines',
    skip_empty_name: 'empty vod_name after removing markup',
  },
  'fr-fr': {
    ok: 'ok',
    validation: 'Paramètre invalide : {field} {reason}',
    v_required: 'est obligatoire',
    v_type: "n'a pas le bon type",
    v_too_small: 'est trop petit ou trop court (au moins {min})',
    v_too_big: 'est trop grand ou trop long (au plus {max})',
    v_format: "n'a pas un format valide",
    v_value: "n'a pas une valeur valide",
    unauthorized: 'Non autorisé, veuillez vous connecter',
    forbidden: 'Accès refusé',
    route_not_found: 'Adresse de requête erronée',
    rate_limited: 'Veuillez ne pas répéter cette action trop souvent',
    internal: 'Erreur interne du serveur',
    storage_unavailable: 'Le stockage des fichiers est indisponible pour le moment. Réessayez plus tard',
    vod_not_found: "Ce titre n'existe pas ou a été retiré",
    type_not_found: "Cette catégorie n'existe pas",
    type_not_empty: 'La catégorie contient encore des sous-catégories ou des titres et ne peut pas être supprimée',
    type_parent_invalid: 'La catégorie parente doit être une catégorie de premier niveau existante',
    login_failed: 'Identifiant ou mot de passe incorrect',
    import_failed: "Échec de l'importation : {reason}",
    import_source_missing: 'Indiquez une URL de collecte ou un fichier de flux',
    conflict: "Ne répétez pas l'opération",
    skip_locked: 'verrouillé (vod_lock = 1)',
    skip_no_category: "sans catégorie : l'élément n'a ni type_id ni type_name défini par le flux",
    skip_empty_name: 'vod_name vide après suppression du balisage',
  },
  'de-de': {
    ok: 'ok',
    validation: 'Ungültiger Parameter: {field} {reason}',
    v_required: 'ist erforderlich',
    v_type: 'hat den falschen Typ',
    v_too_small: 'ist zu klein oder zu kurz (mindestens {min})',
    v_too_big: 'ist zu groß oder zu lang (höchstens {max})',
    v_format: 'hat ein ungültiges Format',
    v_value: 'hat einen ungültigen Wert',
    unauthorized: 'Nicht autorisiert, bitte melden Sie sich an',
    forbidden: 'Zugriff verweigert',
    route_not_found: 'Fehlerhafte Anfrageadresse',
    rate_limited: 'Bitte nicht so häufig ausführen',
    internal: 'Interner Serverfehler',
    storage_unavailable: 'Der Dateispeicher ist gerade nicht erreichbar. Bitte später erneut versuchen',
    vod_not_found: 'Dieser Titel existiert nicht oder wurde entfernt',
    type_not_found: 'Diese Kategorie existiert nicht',
    type_not_empty: 'Die Kategorie enthält noch Unterkategorien oder Titel und kann nicht gelöscht werden',
    type_parent_invalid: 'Die übergeordnete Kategorie muss eine vorhandene Hauptkategorie sein',
    login_failed: 'Kontoname oder Passwort falsch',
    import_failed: 'Import fehlgeschlagen: {reason}',
    import_source_missing: 'Geben Sie eine Sammel-URL oder eine Feed-Datei an',
    conflict: 'Bitte den Vorgang nicht wiederholen',
    skip_locked: 'gesperrt (vod_lock = 1)',
    skip_no_category: 'keine Kategorie: der Eintrag hat keine type_id/type_name, die der Feed definiert',
    skip_empty_name: 'vod_name ist nach dem Entfernen von Markup leer',
  },
  'es-es': {
    ok: 'ok',
    validation: 'Parámetro no válido: {field} {reason}',
    v_required: 'es obligatorio',
    v_type: 'tiene un tipo incorrecto',
    v_too_small: 'es demasiado pequeño o corto (al menos {min})',
    v_too_big: 'es demasiado grande o largo (como máximo {max})',
    v_format: 'tiene un formato no válido',
    v_value: 'tiene un valor no válido',
    unauthorized: 'No autorizado, inicie sesión',
    forbidden: 'Acceso denegado',
    route_not_found: 'Dirección de solicitud incorrecta',
    rate_limited: 'No repita la operación con tanta frecuencia',
    internal: 'Error interno del servidor',
    storage_unavailable: 'El almacenamiento de archivos no está disponible ahora. Inténtalo más tarde',
    vod_not_found: 'Este título no existe o ha sido retirado',
    type_not_found: 'Esta categoría no existe',
    type_not_empty: 'La categoría aún tiene subcategorías o títulos y no se puede eliminar',
    type_parent_invalid: 'La categoría superior debe ser una categoría principal existente',
    login_failed: 'Cuenta o contraseña incorrectas',
    import_failed: 'La importación falló: {reason}',
    import_source_missing: 'Indique una URL de recopilación o un archivo de fuente',
    conflict: 'No repita la operación',
    skip_locked: 'bloqueado (vod_lock = 1)',
    skip_no_category: 'sin categoría: el elemento no tiene type_id/type_name definido por la fuente',
    skip_empty_name: 'vod_name vacío tras quitar el marcado',
  },
  'pt-pt': {
    ok: 'ok',
    validation: 'Parâmetro inválido: {field} {reason}',
    v_required: 'é obrigatório',
    v_type: 'tem o tipo errado',
    v_too_small: 'é demasiado pequeno ou curto (pelo menos {min})',
    v_too_big: 'é demasiado grande ou longo (no máximo {max})',
    v_format: 'tem um formato inválido',
    v_value: 'tem um valor inválido',
    unauthorized: 'Não autorizado, inicie sessão',
    forbidden: 'Acesso negado',
    route_not_found: 'Endereço de pedido errado',
    rate_limited: 'Não repita a operação com tanta frequência',
    internal: 'Erro interno do servidor',
    storage_unavailable: 'O armazenamento de ficheiros está indisponível de momento. Tente mais tarde',
    vod_not_found: 'Este título não existe ou foi retirado',
    type_not_found: 'Esta categoria não existe',
    type_not_empty: 'A categoria ainda tem subcategorias ou títulos e não pode ser eliminada',
    type_parent_invalid: 'A categoria superior tem de ser uma categoria principal existente',
    login_failed: 'Conta ou palavra-passe errada',
    import_failed: 'A importação falhou: {reason}',
    import_source_missing: 'Indique um URL de recolha ou um ficheiro de feed',
    conflict: 'Não repita a operação',
    skip_locked: 'bloqueado (vod_lock = 1)',
    skip_no_category: 'sem categoria: o item não tem type_id/type_name definido pelo feed',
    skip_empty_name: 'vod_name vazio depois de remover a marcação',
  },
  'ja-jp': {
    ok: '成功',
    validation: 'パラメーターが不正です：{field} {reason}',
    v_required: 'は必須です',
    v_type: 'の型が正しくありません',
    v_too_small: 'が小さすぎるか短すぎます（{min} 以上）',
    v_too_big: 'が大きすぎるか長すぎます（{max} 以下）',
    v_format: 'の形式が正しくありません',
    v_value: 'の値が正しくありません',
    unauthorized: '認証されていません。ログインしてください',
    forbidden: 'アクセスが拒否されました',
    route_not_found: 'リクエストのアドレスが間違っています',
    rate_limited: '操作が頻繁すぎます',
    internal: 'サーバー内部エラー',
    storage_unavailable: 'ファイルの保存先に接続できません。しばらくしてからもう一度お試しください',
    vod_not_found: 'この作品は存在しないか、公開終了しました',
    type_not_found: 'このカテゴリは存在しません',
    type_not_empty: 'サブカテゴリまたは作品が残っているため削除できません',
    type_parent_invalid: '親カテゴリは既存のトップカテゴリである必要があります',
    login_failed: 'アカウントまたはパスワードが違います',
    import_failed: 'インポートに失敗しました：{reason}',
    import_source_missing: '収集 URL またはフィードファイルを指定してください',
    conflict: '操作を繰り返さないでください',
    skip_locked: 'ロック中（vod_lock = 1）',
    skip_no_category: 'カテゴリなし：フィードが定義する type_id/type_name がありません',
    skip_empty_name: 'タグを除くと vod_name が空です',
  },
  'ko-kr': {
    ok: '성공',
    validation: '잘못된 매개변수: {field} {reason}',
    v_required: '은(는) 필수입니다',
    v_type: '의 형식이 올바르지 않습니다',
    v_too_small: '이(가) 너무 작거나 짧습니다(최소 {min})',
    v_too_big: '이(가) 너무 크거나 깁니다(최대 {max})',
    v_format: '의 형식이 잘못되었습니다',
    v_value: '의 값이 잘못되었습니다',
    unauthorized: '인증되지 않았습니다. 로그인해 주세요',
    forbidden: '접근이 거부되었습니다',
    route_not_found: '요청 주소 오류',
    rate_limited: '너무 자주 조작하지 마세요',
    internal: '서버 내부 오류',
    storage_unavailable: '파일 저장소를 지금 사용할 수 없습니다. 잠시 후 다시 시도하세요',
    vod_not_found: '이 작품은 존재하지 않거나 내려졌습니다',
    type_not_found: '이 카테고리는 존재하지 않습니다',
    type_not_empty: '하위 카테고리나 작품이 남아 있어 삭제할 수 없습니다',
    type_parent_invalid: '상위 카테고리는 기존 최상위 카테고리여야 합니다',
    login_failed: '계정 또는 비밀번호가 올바르지 않습니다',
    import_failed: '가져오기 실패: {reason}',
    import_source_missing: '수집 URL 또는 피드 파일을 지정하세요',
    conflict: '작업을 반복하지 마세요',
    skip_locked: '잠김(vod_lock = 1)',
    skip_no_category: '카테고리 없음: 피드가 정의한 type_id/type_name이 없습니다',
    skip_empty_name: '마크업을 제거하니 vod_name이 비었습니다',
  },
};

const TABLES = Object.fromEntries(
  (Object.keys(catalogues) as Locale[]).map((l) => [
    l,
    {
      ...catalogues[l],
      ...PLAYER_MESSAGES[l],
      ...FEED_MESSAGES[l],
      ...GBOOK_MESSAGES[l],
      ...ACCOUNT_MESSAGES[l],
      ...BILLING_MESSAGES[l],
      ...SIGNIN_MESSAGES[l],
      ...CATALOGUE_MESSAGES[l],
      ...DANMAKU_MESSAGES[l],
      ...COMMENT_MESSAGES[l],
      ...CAST_MESSAGES[l],
      ...CASH_MESSAGES[l],
      ...POINTS_MESSAGES[l],
      ...POSTER_MESSAGES[l],
      ...COMMUNITY_MESSAGES[l],
      ...PLACES_MESSAGES[l],
      ...PROMOTION_MESSAGES[l],
      ...QUOTAS_MESSAGES[l],
      ...ADS_MESSAGES[l],
      ...REWARDS_MESSAGES[l],
      ...DOWNLOADS_MESSAGES[l],
      ...SOCIAL_MESSAGES[l],
    },
  ]),
) as Record<Locale, Record<MessageKey, string>>;

/** The message `key` in `locale`, with `{name}` parameters filled in. */
export function t(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = TABLES[locale][key] ?? TABLES['zh-cn'][key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

export const MESSAGE_CATALOGUES = catalogues;
