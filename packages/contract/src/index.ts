/** @openvod/contract: zod schemas of every call, error codes and the endpoint table. Imports only zod. */
export * from './accounts.ts';
export * from './admin.ts';
export * from './ads.ts';
export * from './billing.ts';
export * from './cast.ts';
export * from './content.ts';
export * from './danmaku.ts';
export * from './endpoints.ts';
export * from './envelope.ts';
export * from './guest.ts';
export * from './jobs.ts';
export * from './locales.ts';
export * from './player.ts';
export * from './points.ts';
export * from './quotas.ts';
export * from './rewards.ts';
export * from './ulog.ts';
