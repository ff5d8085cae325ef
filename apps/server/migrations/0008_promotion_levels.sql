-- The promotion programme's default levels (operator data, edited in the console: Promotion settings). Ratios are
-- basis points of an invitee's spending per depth, rewards fen (db/schema/promotion.ts promo_level).
INSERT INTO "promo_level" ("level_name", "min_qualified", "ratio_1", "ratio_2", "ratio_3", "reg_reward_fen", "active_reward_fen", "is_agent_level", "level_sort") VALUES
  ('推广员', 0, 1000, 500, 200, 50, 10, false, 1),
  ('银牌推广员', 10, 1500, 700, 300, 80, 15, false, 2),
  ('金牌推广员', 50, 2000, 1000, 500, 100, 20, false, 3),
  ('代理', 0, 3000, 1500, 800, 150, 30, true, 9);
