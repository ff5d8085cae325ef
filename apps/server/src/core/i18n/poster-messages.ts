/**
 * Messages of the promotion poster (modules/poster: the texts drawn on the poster and the console's background
 * upload refusals) in the 9 locales of spec §1 (zh-cn is the source).
 */
import type { Locale } from '@openvod/contract';

export type PosterKey =
  | 'poster_code_line'
  | 'poster_hint'
  | 'poster_slogan'
  | 'poster_sample_name'
  | 'poster_bg_missing'
  | 'poster_bg_type'
  | 'poster_bg_too_large';

export const POSTER_MESSAGES: Record<Locale, Record<PosterKey, string>> = {
  'zh-cn': {
    poster_code_line: '邀请码：{code}',
    poster_hint: '长按识别二维码加入',
    poster_slogan: '邀请好友，一起追剧',
    poster_sample_name: '示例会员',
    poster_bg_missing: '请选择背景图片',
    poster_bg_type: '仅支持 JPEG、PNG 或 WebP 格式的图片',
    poster_bg_too_large: '图片不能超过 {max} MB',
  },
  'zh-tw': {
    poster_code_line: '邀請碼：{code}',
    poster_hint: '長按識別二維碼加入',
    poster_slogan: '邀請好友，一起追劇',
    poster_sample_name: '示例會員',
    poster_bg_missing: '請選擇背景圖片',
    poster_bg_type: '僅支援 JPEG、PNG 或 WebP 格式的圖片',
    poster_bg_too_large: '圖片不能超過 {max} MB',
  },
  'en-us': {
    poster_code_line: 'Invitation code: {code}',
    poster_hint: 'Scan the QR code to join',
    poster_slogan: 'Invite friends, watch together',
    poster_sample_name: 'Sample member',
    poster_bg_missing: 'Choose a background picture',
    poster_bg_type: 'Only JPEG, PNG or WebP images are accepted',
    poster_bg_too_large: 'The picture must not exceed {max} MB',
  },
  'fr-fr': {
    poster_code_line: "Code d'invitation : {code}",
    poster_hint: 'Scannez le QR code pour rejoindre',
    poster_slogan: 'Invitez vos amis, regardez ensemble',
    poster_sample_name: 'Membre exemple',
    poster_bg_missing: "Choisissez une image d'arrière-plan",
    poster_bg_type: 'Seules les images JPEG, PNG ou WebP sont acceptées',
    poster_bg_too_large: "L'image ne doit pas dépasser {max} Mo",
  },
  'de-de': {
    poster_code_line: 'Einladungscode: {code}',
    poster_hint: 'QR-Code scannen und mitmachen',
    poster_slogan: 'Freunde einladen, gemeinsam schauen',
    poster_sample_name: 'Beispielmitglied',
    poster_bg_missing: 'Wählen Sie ein Hintergrundbild',
    poster_bg_type: 'Nur JPEG-, PNG- oder WebP-Bilder werden akzeptiert',
    poster_bg_too_large: 'Das Bild darf höchstens {max} MB groß sein',
  },
  'es-es': {
    poster_code_line: 'Código de invitación: {code}',
    poster_hint: 'Escanea el código QR para unirte',
    poster_slogan: 'Invita a tus amigos y mirad juntos',
    poster_sample_name: 'Miembro de ejemplo',
    poster_bg_missing: 'Elige una imagen de fondo',
    poster_bg_type: 'Solo se aceptan imágenes JPEG, PNG o WebP',
    poster_bg_too_large: 'La imagen no puede superar {max} MB',
  },
  'pt-pt': {
    poster_code_line: 'Código de convite: {code}',
    poster_hint: 'Leia o código QR para aderir',
    poster_slogan: 'Convide amigos e vejam juntos',
    poster_sample_name: 'Membro de exemplo',
    poster_bg_missing: 'Escolha uma imagem de fundo',
    poster_bg_type: 'Só são aceites imagens JPEG, PNG ou WebP',
    poster_bg_too_large: 'A imagem não pode exceder {max} MB',
  },
  'ja-jp': {
    poster_code_line: '招待コード：{code}',
    poster_hint: 'QR コードを読み取って参加',
    poster_slogan: '友だちを招待して一緒に見よう',
    poster_sample_name: 'サンプル会員',
    poster_bg_missing: '背景画像を選択してください',
    poster_bg_type: 'JPEG、PNG、WebP 形式の画像のみ使用できます',
    poster_bg_too_large: '画像は {max} MB 以下にしてください',
  },
  'ko-kr': {
    poster_code_line: '초대 코드: {code}',
    poster_hint: 'QR 코드를 스캔해 참여하세요',
    poster_slogan: '친구를 초대해 함께 보세요',
    poster_sample_name: '예시 회원',
    poster_bg_missing: '배경 이미지를 선택하세요',
    poster_bg_type: 'JPEG, PNG, WebP 이미지만 사용할 수 있습니다',
    poster_bg_too_large: '이미지는 {max} MB를 넘을 수 없습니다',
  },
};
