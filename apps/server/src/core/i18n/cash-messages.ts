/**
 * Messages of cash withdrawal (modules/cash: cash, cashCancel, setCashAccount refusals; the console's queue) in the 9
 * locales of spec §1 (zh-cn is the source). The spec's own wordings (spec §8): 'Insufficient Balance', 'Withdrawal
 * failed'. `{name}` marks a parameter.
 */
import type { Locale } from '@openvod/contract';

export type CashKey =
  | 'cash_below_minimum'
  | 'cash_insufficient'
  | 'cash_account_missing'
  | 'cash_account_invalid'
  | 'cash_name_invalid'
  | 'cash_withdrawal_failed'
  | 'cash_cap_daily_count'
  | 'cash_cap_daily_fen'
  | 'cash_cap_monthly_count'
  | 'cash_cap_monthly_fen'
  | 'cash_wrong_state'
  | 'cash_not_found'
  | 'cash_bind_phone_required'
  | 'cash_payout_unavailable'
  | 'cash_reason_deleted';

export const CASH_MESSAGES: Record<Locale, Record<CashKey, string>> = {
  'zh-cn': {
    cash_below_minimum: '提现金额不能低于 {min} 元（扣除手续费后至少 0.10 元）',
    cash_insufficient: '余额不足',
    cash_account_missing: '请先设置提现账户（支付宝账号和真实姓名）',
    cash_account_invalid: '支付宝账号格式不正确（手机号或邮箱）',
    cash_name_invalid: '请填写支付宝账号的真实姓名',
    cash_withdrawal_failed: '提现失败：{reason}',
    cash_cap_daily_count: '今日提现次数已达上限（{n} 次）',
    cash_cap_daily_fen: '今日提现金额已达上限（{amount} 元）',
    cash_cap_monthly_count: '本月提现次数已达上限（{n} 次）',
    cash_cap_monthly_fen: '本月提现金额已达上限（{amount} 元）',
    cash_wrong_state: '该提现当前的状态不能进行此操作',
    cash_not_found: '提现记录不存在',
    cash_bind_phone_required: '提现前请先绑定手机号',
    cash_payout_unavailable: '本服务器暂不能使用该打款方式',
    cash_reason_deleted: '账号已注销，提现金额已退回',
  },
  'zh-tw': {
    cash_below_minimum: '提現金額不能低於 {min} 元（扣除手續費後至少 0.10 元）',
    cash_insufficient: '餘額不足',
    cash_account_missing: '請先設定提現帳戶（支付寶帳號和真實姓名）',
    cash_account_invalid: '支付寶帳號格式不正確（手機號或電子郵件）',
    cash_name_invalid: '請填寫支付寶帳號的真實姓名',
    cash_withdrawal_failed: '提現失敗：{reason}',
    cash_cap_daily_count: '今日提現次數已達上限（{n} 次）',
    cash_cap_daily_fen: '今日提現金額已達上限（{amount} 元）',
    cash_cap_monthly_count: '本月提現次數已達上限（{n} 次）',
    cash_cap_monthly_fen: '本月提現金額已達上限（{amount} 元）',
    cash_wrong_state: '該提現目前的狀態不能進行此操作',
    cash_not_found: '提現記錄不存在',
    cash_bind_phone_required: '提現前請先綁定手機號',
    cash_payout_unavailable: '本伺服器暫不能使用該打款方式',
    cash_reason_deleted: '帳號已註銷，提現金額已退回',
  },
  'en-us': {
    cash_below_minimum: 'The amount must be at least {min} yuan (and at least 0.10 yuan after the fee)',
    cash_insufficient: 'Insufficient Balance',
    cash_account_missing: 'Set your withdrawal account first (Alipay account and real name)',
    cash_account_invalid: 'The Alipay account is not correct (a phone number or an e-mail address)',
    cash_name_invalid: 'Enter the real name of the Alipay account',
    cash_withdrawal_failed: 'Withdrawal failed: {reason}',
    cash_cap_daily_count: 'You reached today’s number of withdrawals ({n})',
    cash_cap_daily_fen: 'You reached today’s withdrawal amount ({amount} yuan)',
    cash_cap_monthly_count: 'You reached this month’s number of withdrawals ({n})',
    cash_cap_monthly_fen: 'You reached this month’s withdrawal amount ({amount} yuan)',
    cash_wrong_state: 'This withdrawal cannot do that in its current state',
    cash_not_found: 'This withdrawal does not exist',
    cash_bind_phone_required: 'Bind a phone number before withdrawing',
    cash_payout_unavailable: 'This server cannot use that payout method',
    cash_reason_deleted: 'The account was deleted; the amount was returned',
  },
  'fr-fr': {
    cash_below_minimum: 'Le montant doit être d’au moins {min} yuans (et d’au moins 0,10 yuan après les frais)',
    cash_insufficient: 'Solde insuffisant',
    cash_account_missing: 'Définissez d’abord votre compte de retrait (compte Alipay et nom réel)',
    cash_account_invalid: 'Le compte Alipay est incorrect (un numéro de téléphone ou une adresse e-mail)',
    cash_name_invalid: 'Saisissez le nom réel du compte Alipay',
    cash_withdrawal_failed: 'Échec du retrait : {reason}',
    cash_cap_daily_count: 'Vous avez atteint le nombre de retraits du jour ({n})',
    cash_cap_daily_fen: 'Vous avez atteint le montant de retrait du jour ({amount} yuans)',
    cash_cap_monthly_count: 'Vous avez atteint le nombre de retraits du mois ({n})',
    cash_cap_monthly_fen: 'Vous avez atteint le montant de retrait du mois ({amount} yuans)',
    cash_wrong_state: 'Ce retrait ne permet pas cette action dans son état actuel',
    cash_not_found: 'Ce retrait n’existe pas',
    cash_bind_phone_required: 'Associez un numéro de téléphone avant de retirer',
    cash_payout_unavailable: 'Ce serveur ne peut pas utiliser ce mode de versement',
    cash_reason_deleted: 'Le compte a été supprimé ; le montant a été restitué',
  },
  'de-de': {
    cash_below_minimum: 'Der Betrag muss mindestens {min} Yuan betragen (und nach der Gebühr mindestens 0,10 Yuan)',
    cash_insufficient: 'Guthaben nicht ausreichend',
    cash_account_missing: 'Legen Sie zuerst Ihr Auszahlungskonto fest (Alipay-Konto und echter Name)',
    cash_account_invalid: 'Das Alipay-Konto ist nicht korrekt (eine Telefonnummer oder E-Mail-Adresse)',
    cash_name_invalid: 'Geben Sie den echten Namen des Alipay-Kontos ein',
    cash_withdrawal_failed: 'Auszahlung fehlgeschlagen: {reason}',
    cash_cap_daily_count: 'Sie haben die heutige Anzahl an Auszahlungen erreicht ({n})',
    cash_cap_daily_fen: 'Sie haben den heutigen Auszahlungsbetrag erreicht ({amount} Yuan)',
    cash_cap_monthly_count: 'Sie haben die Anzahl an Auszahlungen dieses Monats erreicht ({n})',
    cash_cap_monthly_fen: 'Sie haben den Auszahlungsbetrag dieses Monats erreicht ({amount} Yuan)',
    cash_wrong_state: 'Diese Auszahlung erlaubt das in ihrem aktuellen Status nicht',
    cash_not_found: 'Diese Auszahlung existiert nicht',
    cash_bind_phone_required: 'Verknüpfen Sie vor der Auszahlung eine Telefonnummer',
    cash_payout_unavailable: 'Dieser Server kann diese Auszahlungsart nicht verwenden',
    cash_reason_deleted: 'Das Konto wurde gelöscht; der Betrag wurde zurückgebucht',
  },
  'es-es': {
    cash_below_minimum: 'El importe debe ser de al menos {min} yuanes (y al menos 0,10 yuanes tras la comisión)',
    cash_insufficient: 'Saldo insuficiente',
    cash_account_missing: 'Configure primero su cuenta de retiro (cuenta de Alipay y nombre real)',
    cash_account_invalid: 'La cuenta de Alipay no es correcta (un número de teléfono o un correo electrónico)',
    cash_name_invalid: 'Introduzca el nombre real de la cuenta de Alipay',
    cash_withdrawal_failed: 'Retiro fallido: {reason}',
    cash_cap_daily_count: 'Ha alcanzado el número de retiros de hoy ({n})',
    cash_cap_daily_fen: 'Ha alcanzado el importe de retiros de hoy ({amount} yuanes)',
    cash_cap_monthly_count: 'Ha alcanzado el número de retiros de este mes ({n})',
    cash_cap_monthly_fen: 'Ha alcanzado el importe de retiros de este mes ({amount} yuanes)',
    cash_wrong_state: 'Este retiro no permite esa acción en su estado actual',
    cash_not_found: 'Este retiro no existe',
    cash_bind_phone_required: 'Vincule un número de teléfono antes de retirar',
    cash_payout_unavailable: 'Este servidor no puede usar ese método de pago',
    cash_reason_deleted: 'La cuenta se eliminó; el importe se devolvió',
  },
  'pt-pt': {
    cash_below_minimum: 'O montante deve ser de pelo menos {min} yuan (e pelo menos 0,10 yuan após a comissão)',
    cash_insufficient: 'Saldo insuficiente',
    cash_account_missing: 'Defina primeiro a sua conta de levantamento (conta Alipay e nome real)',
    cash_account_invalid: 'A conta Alipay não está correta (um número de telefone ou um e-mail)',
    cash_name_invalid: 'Introduza o nome real da conta Alipay',
    cash_withdrawal_failed: 'Levantamento falhou: {reason}',
    cash_cap_daily_count: 'Atingiu o número de levantamentos de hoje ({n})',
    cash_cap_daily_fen: 'Atingiu o montante de levantamentos de hoje ({amount} yuan)',
    cash_cap_monthly_count: 'Atingiu o número de levantamentos deste mês ({n})',
    cash_cap_monthly_fen: 'Atingiu o montante de levantamentos deste mês ({amount} yuan)',
    cash_wrong_state: 'Este levantamento não permite essa ação no estado atual',
    cash_not_found: 'Este levantamento não existe',
    cash_bind_phone_required: 'Associe um número de telefone antes de levantar',
    cash_payout_unavailable: 'Este servidor não pode usar esse método de pagamento',
    cash_reason_deleted: 'A conta foi eliminada; o montante foi devolvido',
  },
  'ja-jp': {
    cash_below_minimum: '金額は {min} 元以上にしてください（手数料控除後 0.10 元以上）',
    cash_insufficient: '残高が不足しています',
    cash_account_missing: '先に出金口座（Alipay アカウントと実名）を設定してください',
    cash_account_invalid: 'Alipay アカウントが正しくありません（電話番号またはメールアドレス）',
    cash_name_invalid: 'Alipay アカウントの実名を入力してください',
    cash_withdrawal_failed: '出金に失敗しました：{reason}',
    cash_cap_daily_count: '本日の出金回数の上限に達しました（{n} 回）',
    cash_cap_daily_fen: '本日の出金額の上限に達しました（{amount} 元）',
    cash_cap_monthly_count: '今月の出金回数の上限に達しました（{n} 回）',
    cash_cap_monthly_fen: '今月の出金額の上限に達しました（{amount} 元）',
    cash_wrong_state: 'この出金は現在の状態ではその操作ができません',
    cash_not_found: 'この出金記録は存在しません',
    cash_bind_phone_required: '出金の前に電話番号を連携してください',
    cash_payout_unavailable: 'このサーバーではその支払い方法を使えません',
    cash_reason_deleted: 'アカウントが削除されたため、金額は返還されました',
  },
  'ko-kr': {
    cash_below_minimum: '금액은 {min}위안 이상이어야 합니다(수수료 공제 후 0.10위안 이상)',
    cash_insufficient: '잔액이 부족합니다',
    cash_account_missing: '먼저 출금 계정(Alipay 계정과 실명)을 설정하세요',
    cash_account_invalid: 'Alipay 계정이 올바르지 않습니다(전화번호 또는 이메일)',
    cash_name_invalid: 'Alipay 계정의 실명을 입력하세요',
    cash_withdrawal_failed: '출금 실패: {reason}',
    cash_cap_daily_count: '오늘 출금 횟수 한도에 도달했습니다({n}회)',
    cash_cap_daily_fen: '오늘 출금 금액 한도에 도달했습니다({amount}위안)',
    cash_cap_monthly_count: '이번 달 출금 횟수 한도에 도달했습니다({n}회)',
    cash_cap_monthly_fen: '이번 달 출금 금액 한도에 도달했습니다({amount}위안)',
    cash_wrong_state: '이 출금은 현재 상태에서 해당 작업을 할 수 없습니다',
    cash_not_found: '출금 기록이 없습니다',
    cash_bind_phone_required: '출금 전에 전화번호를 연결하세요',
    cash_payout_unavailable: '이 서버는 해당 지급 방식을 사용할 수 없습니다',
    cash_reason_deleted: '계정이 삭제되어 금액이 반환되었습니다',
  },
};
