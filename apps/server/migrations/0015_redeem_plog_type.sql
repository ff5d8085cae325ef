-- Points granted by a redemption code were journalled as plog type 14, the daily task "watch a film", so the apps
-- labelled them "watched a film". They have their own type now, 25 (packages/contract/src/points.ts PLOG_TYPE.redeem).
-- A redemption's row is the only one keyed `code:<code>` (modules/billing/redemption.service.ts); the watch-film
-- task's rows are keyed `task:<user>:14:<day>:<title>` (modules/points/points.service.ts award) and stay 14.
UPDATE "mac_plog" SET "plog_type" = 25 WHERE "plog_type" = 14 AND "plog_key" LIKE 'code:%';
