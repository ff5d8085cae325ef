/**
 * Messages of movie requests and feedback (modules/gbook; spec §5 "Feedback needs a clear description. Content
 * cannot be empty." and "Movie request: title, lead actor and required fields cannot be empty. At most three
 * genres.") in the 9 locales of spec §1 (zh-cn is the source).
 */
import type { Locale } from '@openvod/contract';

export type GbookKey =
  | 'gbook_request_required'
  | 'gbook_genres_max'
  | 'gbook_genre_unknown'
  | 'gbook_feedback_unclear'
  | 'gbook_captcha_wrong'
  | 'gbook_captcha_expired'
  | 'gbook_not_found'
  | 'gbook_not_request'
  | 'gbook_pic_missing'
  | 'gbook_pic_type'
  | 'gbook_pic_too_large'
  | 'gbook_pic_invalid'
  | 'gbook_pics_max'
  | 'gbook_pic_unknown';

export const GBOOK_MESSAGES: Record<Locale, Record<GbookKey, string>> = {
  'zh-cn': {
    gbook_request_required: '求片：片名、主演等必填项不能为空',
    gbook_genres_max: '最多选择三个类型',
    gbook_genre_unknown: '请从列表中选择类型',
    gbook_feedback_unclear: '反馈需要清晰的描述，内容不能为空',
    gbook_captcha_wrong: '验证码错误，请刷新后重试',
    gbook_captcha_expired: '验证码已过期，请刷新',
    gbook_not_found: '求片或反馈不存在',
    gbook_not_request: '只有求片可以关联影片',
    gbook_pic_missing: '请选择截图',
    gbook_pic_type: '仅支持 JPEG、PNG 或 WebP 格式的图片',
    gbook_pic_too_large: '图片不能超过 {max} MB',
    gbook_pic_invalid: '图片无法读取',
    gbook_pics_max: '最多上传 {max} 张截图',
    gbook_pic_unknown: '截图已失效，请重新上传',
  },
  'zh-tw': {
    gbook_request_required: '求片：片名、主演等必填項不能為空',
    gbook_genres_max: '最多選擇三個類型',
    gbook_genre_unknown: '請從列表中選擇類型',
    gbook_feedback_unclear: '回饋需要清楚的描述，內容不能為空',
    gbook_captcha_wrong: '驗證碼錯誤，請重新整理後再試',
    gbook_captcha_expired: '驗證碼已過期，請重新整理',
    gbook_not_found: '求片或回饋不存在',
    gbook_not_request: '只有求片可以關聯影片',
    gbook_pic_missing: '請選擇截圖',
    gbook_pic_type: '僅支援 JPEG、PNG 或 WebP 格式的圖片',
    gbook_pic_too_large: '圖片不能超過 {max} MB',
    gbook_pic_invalid: '圖片無法讀取',
    gbook_pics_max: '最多上傳 {max} 張截圖',
    gbook_pic_unknown: '截圖已失效，請重新上傳',
  },
  'en-us': {
    gbook_request_required: 'Movie request: title, lead actor and required fields cannot be empty',
    gbook_genres_max: 'At most three genres',
    gbook_genre_unknown: 'Choose the genres from the list',
    gbook_feedback_unclear: 'Feedback needs a clear description. Content cannot be empty.',
    gbook_captcha_wrong: 'Wrong verification code, refresh it and try again',
    gbook_captcha_expired: 'The verification code has expired, refresh it',
    gbook_not_found: 'This request or feedback does not exist',
    gbook_not_request: 'Only a movie request can be linked to a title',
    gbook_pic_missing: 'Choose a screenshot',
    gbook_pic_type: 'Only JPEG, PNG or WebP images are accepted',
    gbook_pic_too_large: 'The picture must not exceed {max} MB',
    gbook_pic_invalid: 'The picture cannot be read',
    gbook_pics_max: 'At most {max} screenshots',
    gbook_pic_unknown: 'A screenshot is no longer available, upload it again',
  },
  'fr-fr': {
    gbook_request_required: 'Demande de film : le titre, l’acteur principal et les champs obligatoires sont requis',
    gbook_genres_max: 'Trois genres au maximum',
    gbook_genre_unknown: 'Choisissez les genres dans la liste',
    gbook_feedback_unclear: 'Le retour doit être décrit clairement. Le contenu ne peut pas être vide.',
    gbook_captcha_wrong: 'Code de vérification erroné, actualisez-le et réessayez',
    gbook_captcha_expired: 'Le code de vérification a expiré, actualisez-le',
    gbook_not_found: 'Cette demande ou ce retour n’existe pas',
    gbook_not_request: 'Seule une demande de film peut être liée à un titre',
    gbook_pic_missing: 'Choisissez une capture d’écran',
    gbook_pic_type: 'Seules les images JPEG, PNG ou WebP sont acceptées',
    gbook_pic_too_large: 'L’image ne doit pas dépasser {max} Mo',
    gbook_pic_invalid: 'L’image est illisible',
    gbook_pics_max: '{max} captures d’écran au maximum',
    gbook_pic_unknown: 'Une capture d’écran n’est plus disponible, envoyez-la de nouveau',
  },
  'de-de': {
    gbook_request_required: 'Filmwunsch: Titel, Hauptdarsteller und Pflichtfelder dürfen nicht leer sein',
    gbook_genres_max: 'Höchstens drei Genres',
    gbook_genre_unknown: 'Wählen Sie die Genres aus der Liste',
    gbook_feedback_unclear: 'Feedback braucht eine klare Beschreibung. Der Inhalt darf nicht leer sein.',
    gbook_captcha_wrong: 'Falscher Prüfcode, laden Sie ihn neu und versuchen Sie es erneut',
    gbook_captcha_expired: 'Der Prüfcode ist abgelaufen, laden Sie ihn neu',
    gbook_not_found: 'Dieser Wunsch oder dieses Feedback existiert nicht',
    gbook_not_request: 'Nur ein Filmwunsch kann mit einem Titel verknüpft werden',
    gbook_pic_missing: 'Wählen Sie einen Screenshot',
    gbook_pic_type: 'Nur JPEG-, PNG- oder WebP-Bilder werden akzeptiert',
    gbook_pic_too_large: 'Das Bild darf höchstens {max} MB groß sein',
    gbook_pic_invalid: 'Das Bild kann nicht gelesen werden',
    gbook_pics_max: 'Höchstens {max} Screenshots',
    gbook_pic_unknown: 'Ein Screenshot ist nicht mehr verfügbar, laden Sie ihn erneut hoch',
  },
  'es-es': {
    gbook_request_required:
      'Petición de película: el título, el actor principal y los campos obligatorios no pueden estar vacíos',
    gbook_genres_max: 'Como máximo tres géneros',
    gbook_genre_unknown: 'Elija los géneros de la lista',
    gbook_feedback_unclear: 'Los comentarios necesitan una descripción clara. El contenido no puede estar vacío.',
    gbook_captcha_wrong: 'Código de verificación incorrecto, actualícelo e inténtelo de nuevo',
    gbook_captcha_expired: 'El código de verificación ha caducado, actualícelo',
    gbook_not_found: 'Esta petición o comentario no existe',
    gbook_not_request: 'Solo una petición de película puede vincularse a un título',
    gbook_pic_missing: 'Elija una captura de pantalla',
    gbook_pic_type: 'Solo se aceptan imágenes JPEG, PNG o WebP',
    gbook_pic_too_large: 'La imagen no puede superar {max} MB',
    gbook_pic_invalid: 'No se puede leer la imagen',
    gbook_pics_max: 'Como máximo {max} capturas de pantalla',
    gbook_pic_unknown: 'Una captura ya no está disponible, súbala de nuevo',
  },
  'pt-pt': {
    gbook_request_required:
      'Pedido de filme: o título, o ator principal e os campos obrigatórios não podem estar vazios',
    gbook_genres_max: 'No máximo três géneros',
    gbook_genre_unknown: 'Escolha os géneros da lista',
    gbook_feedback_unclear: 'O feedback precisa de uma descrição clara. O conteúdo não pode estar vazio.',
    gbook_captcha_wrong: 'Código de verificação errado, atualize-o e tente novamente',
    gbook_captcha_expired: 'O código de verificação expirou, atualize-o',
    gbook_not_found: 'Este pedido ou feedback não existe',
    gbook_not_request: 'Só um pedido de filme pode ser ligado a um título',
    gbook_pic_missing: 'Escolha uma captura de ecrã',
    gbook_pic_type: 'Só são aceites imagens JPEG, PNG ou WebP',
    gbook_pic_too_large: 'A imagem não pode exceder {max} MB',
    gbook_pic_invalid: 'Não é possível ler a imagem',
    gbook_pics_max: 'No máximo {max} capturas de ecrã',
    gbook_pic_unknown: 'Uma captura já não está disponível, envie-a de novo',
  },
  'ja-jp': {
    gbook_request_required: 'リクエスト：タイトル、主演などの必須項目を入力してください',
    gbook_genres_max: 'ジャンルは3つまでです',
    gbook_genre_unknown: 'ジャンルは一覧から選んでください',
    gbook_feedback_unclear: 'フィードバックには明確な説明が必要です。内容を空にはできません。',
    gbook_captcha_wrong: '認証コードが違います。更新してもう一度お試しください',
    gbook_captcha_expired: '認証コードの有効期限が切れました。更新してください',
    gbook_not_found: 'このリクエストまたはフィードバックは存在しません',
    gbook_not_request: '作品を関連付けられるのはリクエストだけです',
    gbook_pic_missing: 'スクリーンショットを選んでください',
    gbook_pic_type: 'JPEG、PNG、WebP の画像のみ対応しています',
    gbook_pic_too_large: '画像は {max} MB 以下にしてください',
    gbook_pic_invalid: '画像を読み込めません',
    gbook_pics_max: 'スクリーンショットは {max} 枚までです',
    gbook_pic_unknown: 'スクリーンショットが無効です。もう一度アップロードしてください',
  },
  'ko-kr': {
    gbook_request_required: '영화 요청: 제목, 주연 배우 등 필수 항목을 입력하세요',
    gbook_genres_max: '장르는 최대 3개까지입니다',
    gbook_genre_unknown: '목록에서 장르를 선택하세요',
    gbook_feedback_unclear: '피드백에는 명확한 설명이 필요합니다. 내용은 비워 둘 수 없습니다.',
    gbook_captcha_wrong: '인증 코드가 틀렸습니다. 새로 고친 후 다시 시도하세요',
    gbook_captcha_expired: '인증 코드가 만료되었습니다. 새로 고치세요',
    gbook_not_found: '요청 또는 피드백이 존재하지 않습니다',
    gbook_not_request: '영화 요청만 작품과 연결할 수 있습니다',
    gbook_pic_missing: '스크린샷을 선택하세요',
    gbook_pic_type: 'JPEG, PNG 또는 WebP 이미지만 지원합니다',
    gbook_pic_too_large: '이미지는 {max}MB를 넘을 수 없습니다',
    gbook_pic_invalid: '이미지를 읽을 수 없습니다',
    gbook_pics_max: '스크린샷은 최대 {max}장입니다',
    gbook_pic_unknown: '스크린샷을 더 이상 사용할 수 없습니다. 다시 업로드하세요',
  },
};
