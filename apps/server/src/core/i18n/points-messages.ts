/**
 * Messages of points and tasks (issue 7 item 5: setPlog, exchangeNumber refusals; console task edits) in the 9
 * locales of spec §1 (zh-cn is the source). Overdrafts use the accounts module's `insufficient_points`.
 */
import type { Locale } from '@openvod/contract';

export type PointsKey =
  | 'points_type_invalid'
  | 'points_type_server_only'
  | 'points_task_off'
  | 'points_exchange_off'
  | 'points_task_not_found';

export const POINTS_MESSAGES: Record<Locale, Record<PointsKey, string>> = {
  'zh-cn': {
    points_type_invalid: '类型错误',
    points_type_server_only: '该任务奖励由系统自动发放',
    points_task_off: '该任务暂未开放',
    points_exchange_off: '暂不支持该兑换',
    points_task_not_found: '任务不存在',
  },
  'zh-tw': {
    points_type_invalid: '類型錯誤',
    points_type_server_only: '該任務獎勵由系統自動發放',
    points_task_off: '該任務暫未開放',
    points_exchange_off: '暫不支援該兌換',
    points_task_not_found: '任務不存在',
  },
  'en-us': {
    points_type_invalid: 'Wrong type',
    points_type_server_only: 'This reward is given automatically',
    points_task_off: 'This task is not available',
    points_exchange_off: 'This exchange is not available',
    points_task_not_found: 'This task does not exist',
  },
  'fr-fr': {
    points_type_invalid: 'Type incorrect',
    points_type_server_only: 'Cette récompense est attribuée automatiquement',
    points_task_off: "Cette tâche n'est pas disponible",
    points_exchange_off: "Cet échange n'est pas disponible",
    points_task_not_found: "Cette tâche n'existe pas",
  },
  'de-de': {
    points_type_invalid: 'Falscher Typ',
    points_type_server_only: 'Diese Belohnung wird automatisch vergeben',
    points_task_off: 'Diese Aufgabe ist nicht verfügbar',
    points_exchange_off: 'Dieser Umtausch ist nicht verfügbar',
    points_task_not_found: 'Diese Aufgabe existiert nicht',
  },
  'es-es': {
    points_type_invalid: 'Tipo incorrecto',
    points_type_server_only: 'Esta recompensa se otorga automáticamente',
    points_task_off: 'Esta tarea no está disponible',
    points_exchange_off: 'Este canje no está disponible',
    points_task_not_found: 'Esta tarea no existe',
  },
  'pt-pt': {
    points_type_invalid: 'Tipo incorreto',
    points_type_server_only: 'Esta recompensa é atribuída automaticamente',
    points_task_off: 'Esta tarefa não está disponível',
    points_exchange_off: 'Esta troca não está disponível',
    points_task_not_found: 'Esta tarefa não existe',
  },
  'ja-jp': {
    points_type_invalid: 'タイプが正しくありません',
    points_type_server_only: 'この報酬は自動的に付与されます',
    points_task_off: 'このタスクは現在利用できません',
    points_exchange_off: 'この交換は現在利用できません',
    points_task_not_found: 'タスクが存在しません',
  },
  'ko-kr': {
    points_type_invalid: '유형이 올바르지 않습니다',
    points_type_server_only: '이 보상은 자동으로 지급됩니다',
    points_task_off: '이 작업은 현재 이용할 수 없습니다',
    points_exchange_off: '이 교환은 현재 이용할 수 없습니다',
    points_task_not_found: '작업이 존재하지 않습니다',
  },
};
