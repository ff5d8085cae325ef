/**
 * Messages of the player calls (issue 5: ads, getJsonRealPath, user logs) in the 9 locales of spec §1 (zh-cn is
 * the source). `{name}` marks a parameter. 'Play failed' is the spec §8 wording.
 */
import type { Locale } from '@openvod/contract';

export type PlayerKey =
  | 'ad_not_found'
  | 'ad_schedule_order'
  | 'realpath_no_parse'
  | 'realpath_failed'
  | 'realpath_refused'
  | 'ulog_no_id'
  | 'ulog_not_wallpaper';

export const PLAYER_MESSAGES: Record<Locale, Record<PlayerKey, string>> = {
  'zh-cn': {
    ad_not_found: '广告不存在',
    ad_schedule_order: '结束时间必须晚于开始时间',
    realpath_no_parse: '该线路无需解析或未配置解析接口',
    realpath_failed: '播放失败：解析接口未返回可播放地址（{reason}）',
    realpath_refused: '播放失败：解析地址不被允许（{reason}）',
    ulog_no_id: '缺少影片 id',
    ulog_not_wallpaper: '该内容不是壁纸',
  },
  'zh-tw': {
    ad_not_found: '廣告不存在',
    ad_schedule_order: '結束時間必須晚於開始時間',
    realpath_no_parse: '該線路無需解析或未設定解析介面',
    realpath_failed: '播放失敗：解析介面未回傳可播放位址（{reason}）',
    realpath_refused: '播放失敗：解析位址不被允許（{reason}）',
    ulog_no_id: '缺少影片 id',
    ulog_not_wallpaper: '該內容不是桌布',
  },
  'en-us': {
    ad_not_found: 'This ad does not exist',
    ad_schedule_order: 'The end time must be after the start time',
    realpath_no_parse: 'This line needs no parsing or has no parse API configured',
    realpath_failed: 'Play failed: the parse API returned no playable address ({reason})',
    realpath_refused: 'Play failed: the parse address is not allowed ({reason})',
    ulog_no_id: 'The title id is missing',
    ulog_not_wallpaper: 'This item is not a wallpaper',
  },
  'fr-fr': {
    ad_not_found: "Cette publicité n'existe pas",
    ad_schedule_order: 'La fin doit être postérieure au début',
    realpath_no_parse: "Cette source n'a pas besoin d'analyse ou n'a pas d'API d'analyse configurée",
    realpath_failed: "Échec de la lecture : l'API d'analyse n'a renvoyé aucune adresse lisible ({reason})",
    realpath_refused: "Échec de la lecture : l'adresse d'analyse n'est pas autorisée ({reason})",
    ulog_no_id: "L'identifiant du titre manque",
    ulog_not_wallpaper: "Cet élément n'est pas un fond d'écran",
  },
  'de-de': {
    ad_not_found: 'Diese Anzeige existiert nicht',
    ad_schedule_order: 'Das Ende muss nach dem Beginn liegen',
    realpath_no_parse: 'Diese Quelle braucht keine Auflösung oder hat keine Parse-API',
    realpath_failed: 'Wiedergabe fehlgeschlagen: Die Parse-API lieferte keine abspielbare Adresse ({reason})',
    realpath_refused: 'Wiedergabe fehlgeschlagen: Die Parse-Adresse ist nicht erlaubt ({reason})',
    ulog_no_id: 'Die Titel-ID fehlt',
    ulog_not_wallpaper: 'Dieses Element ist kein Hintergrundbild',
  },
  'es-es': {
    ad_not_found: 'Este anuncio no existe',
    ad_schedule_order: 'El final debe ser posterior al inicio',
    realpath_no_parse: 'Esta línea no necesita análisis o no tiene API de análisis configurada',
    realpath_failed: 'Error de reproducción: la API de análisis no devolvió una dirección reproducible ({reason})',
    realpath_refused: 'Error de reproducción: la dirección de análisis no está permitida ({reason})',
    ulog_no_id: 'Falta el id del título',
    ulog_not_wallpaper: 'Este elemento no es un fondo de pantalla',
  },
  'pt-pt': {
    ad_not_found: 'Este anúncio não existe',
    ad_schedule_order: 'O fim tem de ser posterior ao início',
    realpath_no_parse: 'Esta linha não precisa de análise ou não tem API de análise configurada',
    realpath_failed: 'Falha na reprodução: a API de análise não devolveu um endereço reproduzível ({reason})',
    realpath_refused: 'Falha na reprodução: o endereço de análise não é permitido ({reason})',
    ulog_no_id: 'Falta o id do título',
    ulog_not_wallpaper: 'Este item não é um fundo de ecrã',
  },
  'ja-jp': {
    ad_not_found: 'この広告は存在しません',
    ad_schedule_order: '終了時刻は開始時刻より後にしてください',
    realpath_no_parse: 'このラインは解析不要、または解析 API が設定されていません',
    realpath_failed: '再生に失敗しました：解析 API が再生可能なアドレスを返しませんでした（{reason}）',
    realpath_refused: '再生に失敗しました：解析先のアドレスは許可されていません（{reason}）',
    ulog_no_id: '作品 ID がありません',
    ulog_not_wallpaper: 'これは壁紙ではありません',
  },
  'ko-kr': {
    ad_not_found: '이 광고는 존재하지 않습니다',
    ad_schedule_order: '종료 시간은 시작 시간보다 뒤여야 합니다',
    realpath_no_parse: '이 라인은 해석이 필요 없거나 해석 API가 설정되지 않았습니다',
    realpath_failed: '재생 실패: 해석 API가 재생 가능한 주소를 반환하지 않았습니다({reason})',
    realpath_refused: '재생 실패: 해석 주소가 허용되지 않습니다({reason})',
    ulog_no_id: '작품 id가 없습니다',
    ulog_not_wallpaper: '이 항목은 배경화면이 아닙니다',
  },
};
