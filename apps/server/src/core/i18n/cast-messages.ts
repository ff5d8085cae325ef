/**
 * Messages of DLNA casting through the server (issue 5 item 5; spec §2 Casting, §4 Casting states), in the 9
 * locales of spec §1 (zh-cn is the source). `{name}` marks a parameter.
 */
import type { Locale } from '@openvod/contract';

export type CastKey =
  | 'cast_disabled'
  | 'cast_client_not_local'
  | 'cast_device_unknown'
  | 'cast_device_refused'
  | 'cast_device_failed'
  | 'cast_episode_missing'
  | 'cast_server_unreachable'
  | 'cast_play_locked'
  | 'cast_seek_position'
  | 'cast_media_failed';

export const CAST_MESSAGES: Record<Locale, Record<CastKey, string>> = {
  'zh-cn': {
    cast_disabled: '服务器未开启投屏（DLNA）',
    cast_client_not_local: '只能在与服务器相同的局域网内投屏',
    cast_device_unknown: '找不到该投屏设备，请重新搜索',
    cast_device_refused: '拒绝投屏到局域网以外的地址：{address}',
    cast_device_failed: '投屏设备没有响应：{reason}',
    cast_episode_missing: '找不到该剧集',
    cast_play_locked: '请先在应用中开始播放该影片，再投屏',
    cast_server_unreachable: '电视无法访问服务器：服务器未在局域网地址上监听',
    cast_seek_position: '跳转需要指定位置',
    cast_media_failed: '无法为投屏准备视频',
  },
  'zh-tw': {
    cast_disabled: '伺服器未開啟投影（DLNA）',
    cast_client_not_local: '只能在與伺服器相同的區域網路內投影',
    cast_device_unknown: '找不到該投影裝置，請重新搜尋',
    cast_device_refused: '拒絕投影到區域網路以外的位址：{address}',
    cast_device_failed: '投影裝置沒有回應：{reason}',
    cast_episode_missing: '找不到該集',
    cast_play_locked: '請先在應用程式中開始播放該影片，再投放',
    cast_server_unreachable: '電視無法連線到伺服器：伺服器未在區域網路位址上監聽',
    cast_seek_position: '跳轉需要指定位置',
    cast_media_failed: '無法為投影準備影片',
  },
  'en-us': {
    cast_disabled: 'Casting (DLNA) is turned off on this server',
    cast_client_not_local: 'Casting works only on the same local network as the server',
    cast_device_unknown: 'This cast device is not known, please search again',
    cast_device_refused: 'Refused to cast to an address outside the local network: {address}',
    cast_device_failed: 'The cast device did not respond: {reason}',
    cast_episode_missing: 'This episode does not exist',
    cast_play_locked: 'Start playing this title in the app first, then cast it',
    cast_server_unreachable: 'The TV cannot reach the server: it does not listen on a local network address',
    cast_seek_position: 'Seeking needs a position',
    cast_media_failed: 'The video could not be prepared for casting',
  },
  'fr-fr': {
    cast_disabled: 'La diffusion (DLNA) est désactivée sur ce serveur',
    cast_client_not_local: 'La diffusion ne fonctionne que sur le même réseau local que le serveur',
    cast_device_unknown: 'Cet appareil de diffusion est inconnu, veuillez relancer la recherche',
    cast_device_refused: 'Diffusion refusée vers une adresse hors du réseau local : {address}',
    cast_device_failed: "L'appareil de diffusion n'a pas répondu : {reason}",
    cast_episode_missing: "Cet épisode n'existe pas",
    cast_play_locked: "Lancez d'abord la lecture de ce titre dans l'application, puis diffusez-le",
    cast_server_unreachable:
      "Le téléviseur ne peut pas joindre le serveur : il n'écoute sur aucune adresse du réseau local",
    cast_seek_position: 'Le déplacement demande une position',
    cast_media_failed: "La vidéo n'a pas pu être préparée pour la diffusion",
  },
  'de-de': {
    cast_disabled: 'Streamen (DLNA) ist auf diesem Server ausgeschaltet',
    cast_client_not_local: 'Streamen geht nur im selben lokalen Netz wie der Server',
    cast_device_unknown: 'Dieses Gerät ist unbekannt, bitte erneut suchen',
    cast_device_refused: 'Streamen an eine Adresse außerhalb des lokalen Netzes abgelehnt: {address}',
    cast_device_failed: 'Das Gerät hat nicht geantwortet: {reason}',
    cast_episode_missing: 'Diese Folge gibt es nicht',
    cast_play_locked: 'Starten Sie diesen Titel zuerst in der App und übertragen Sie ihn dann',
    cast_server_unreachable: 'Der Fernseher erreicht den Server nicht: er lauscht auf keiner Adresse im lokalen Netz',
    cast_seek_position: 'Zum Springen wird eine Position gebraucht',
    cast_media_failed: 'Das Video konnte nicht zum Streamen vorbereitet werden',
  },
  'es-es': {
    cast_disabled: 'La transmisión (DLNA) está desactivada en este servidor',
    cast_client_not_local: 'Solo se puede transmitir desde la misma red local que el servidor',
    cast_device_unknown: 'Este dispositivo no es conocido, vuelva a buscar',
    cast_device_refused: 'Transmisión rechazada a una dirección fuera de la red local: {address}',
    cast_device_failed: 'El dispositivo no respondió: {reason}',
    cast_episode_missing: 'Este episodio no existe',
    cast_play_locked: 'Empieza a reproducir este título en la app y después envíalo a la TV',
    cast_server_unreachable:
      'El televisor no puede llegar al servidor: no escucha en ninguna dirección de la red local',
    cast_seek_position: 'Para saltar hace falta una posición',
    cast_media_failed: 'No se pudo preparar el vídeo para transmitirlo',
  },
  'pt-pt': {
    cast_disabled: 'A transmissão (DLNA) está desligada neste servidor',
    cast_client_not_local: 'Só é possível transmitir a partir da mesma rede local do servidor',
    cast_device_unknown: 'Este dispositivo não é conhecido, pesquise novamente',
    cast_device_refused: 'Transmissão recusada para um endereço fora da rede local: {address}',
    cast_device_failed: 'O dispositivo não respondeu: {reason}',
    cast_episode_missing: 'Este episódio não existe',
    cast_play_locked: 'Comece primeiro a reproduzir este título na aplicação e depois transmita-o',
    cast_server_unreachable: 'A televisão não consegue chegar ao servidor: não escuta em nenhum endereço da rede local',
    cast_seek_position: 'Para avançar é preciso uma posição',
    cast_media_failed: 'Não foi possível preparar o vídeo para transmissão',
  },
  'ja-jp': {
    cast_disabled: 'このサーバーではキャスト（DLNA）が無効です',
    cast_client_not_local: 'キャストはサーバーと同じローカルネットワークからのみ利用できます',
    cast_device_unknown: 'このキャスト機器は見つかりません。もう一度検索してください',
    cast_device_refused: 'ローカルネットワーク外のアドレスへのキャストは拒否されました：{address}',
    cast_device_failed: 'キャスト機器が応答しません：{reason}',
    cast_episode_missing: 'このエピソードは存在しません',
    cast_play_locked: '先にアプリでこの作品の再生を開始してから、キャストしてください',
    cast_server_unreachable: 'テレビからサーバーに接続できません：ローカルネットワークのアドレスで待ち受けていません',
    cast_seek_position: 'シークには位置が必要です',
    cast_media_failed: 'キャスト用の動画を準備できませんでした',
  },
  'ko-kr': {
    cast_disabled: '이 서버에서는 캐스트(DLNA)가 꺼져 있습니다',
    cast_client_not_local: '캐스트는 서버와 같은 로컬 네트워크에서만 가능합니다',
    cast_device_unknown: '알 수 없는 캐스트 기기입니다. 다시 검색하세요',
    cast_device_refused: '로컬 네트워크 밖의 주소로는 캐스트할 수 없습니다: {address}',
    cast_device_failed: '캐스트 기기가 응답하지 않습니다: {reason}',
    cast_episode_missing: '이 회차가 없습니다',
    cast_play_locked: '먼저 앱에서 이 작품을 재생한 다음 전송하세요',
    cast_server_unreachable: 'TV가 서버에 접속할 수 없습니다: 서버가 로컬 네트워크 주소에서 대기하지 않습니다',
    cast_seek_position: '이동하려면 위치가 필요합니다',
    cast_media_failed: '캐스트할 영상을 준비하지 못했습니다',
  },
};
