/**
 * Messages of the catalogue (issue 4: topics, day covers, catalogue settings) in the 9 locales of spec §1 (zh-cn is
 * the source). A repeated rating uses the shared `conflict` message ('Do not repeat the operation', spec §8).
 * `{name}` marks a parameter.
 */
import type { Locale } from '@openvod/contract';

export type CatalogueKey =
  | 'topic_not_found'
  | 'topic_vod_unknown'
  | 'date_invalid'
  | 'day_cover_not_found'
  | 'player_not_found';

export const CATALOGUE_MESSAGES: Record<Locale, Record<CatalogueKey, string>> = {
  'zh-cn': {
    topic_not_found: '专题不存在或未发布',
    topic_vod_unknown: '影片不存在：{ids}',
    date_invalid: '日期无效，请使用 YYYY-MM-DD 格式的真实日期',
    day_cover_not_found: '该日期没有设置封面',
    player_not_found: '播放器表中没有这个播放器',
  },
  'zh-tw': {
    topic_not_found: '專題不存在或未發布',
    topic_vod_unknown: '影片不存在：{ids}',
    date_invalid: '日期無效，請使用 YYYY-MM-DD 格式的真實日期',
    day_cover_not_found: '該日期沒有設定封面',
    player_not_found: '播放器表中沒有這個播放器',
  },
  'en-us': {
    topic_not_found: 'This topic does not exist or is not published',
    topic_vod_unknown: 'Unknown title ids: {ids}',
    date_invalid: 'Invalid date: use a real date as YYYY-MM-DD',
    day_cover_not_found: 'There is no cover for this date',
    player_not_found: 'This player is not in the player table',
  },
  'fr-fr': {
    topic_not_found: "Ce dossier n'existe pas ou n'est pas publié",
    topic_vod_unknown: 'Identifiants de titres inconnus : {ids}',
    date_invalid: 'Date invalide : indiquez une date réelle au format AAAA-MM-JJ',
    day_cover_not_found: "Aucune couverture n'est définie pour cette date",
    player_not_found: "Ce lecteur n'est pas dans la table des lecteurs",
  },
  'de-de': {
    topic_not_found: 'Dieses Thema existiert nicht oder ist nicht veröffentlicht',
    topic_vod_unknown: 'Unbekannte Titel-IDs: {ids}',
    date_invalid: 'Ungültiges Datum: Geben Sie ein echtes Datum im Format JJJJ-MM-TT an',
    day_cover_not_found: 'Für dieses Datum ist kein Titelbild festgelegt',
    player_not_found: 'Dieser Player steht nicht in der Player-Tabelle',
  },
  'es-es': {
    topic_not_found: 'Este especial no existe o no está publicado',
    topic_vod_unknown: 'Identificadores de títulos desconocidos: {ids}',
    date_invalid: 'Fecha no válida: use una fecha real con el formato AAAA-MM-DD',
    day_cover_not_found: 'No hay portada para esta fecha',
    player_not_found: 'Este reproductor no está en la tabla de reproductores',
  },
  'pt-pt': {
    topic_not_found: 'Este especial não existe ou não está publicado',
    topic_vod_unknown: 'Identificadores de títulos desconhecidos: {ids}',
    date_invalid: 'Data inválida: use uma data real no formato AAAA-MM-DD',
    day_cover_not_found: 'Não há capa definida para esta data',
    player_not_found: 'Este leitor não está na tabela de leitores',
  },
  'ja-jp': {
    topic_not_found: 'この特集は存在しないか、公開されていません',
    topic_vod_unknown: '存在しない作品 ID：{ids}',
    date_invalid: '日付が無効です。YYYY-MM-DD 形式の実在する日付を入力してください',
    day_cover_not_found: 'この日付のカバーは設定されていません',
    player_not_found: 'このプレーヤーはプレーヤー表にありません',
  },
  'ko-kr': {
    topic_not_found: '이 특집이 존재하지 않거나 공개되지 않았습니다',
    topic_vod_unknown: '존재하지 않는 작품 ID: {ids}',
    date_invalid: '잘못된 날짜입니다. YYYY-MM-DD 형식의 실제 날짜를 입력하세요',
    day_cover_not_found: '이 날짜에 설정된 커버가 없습니다',
    player_not_found: '이 플레이어는 플레이어 표에 없습니다',
  },
};
