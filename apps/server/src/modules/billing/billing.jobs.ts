/**
 * The billing module's scheduled job (core/jobs.ts): every minute, unpaid orders past their expiry are expired
 * (orders.service.ts `expireDue`; the channel's trade is closed too). One run a minute across all processes;
 * a failed sweep is logged and retried by pg-boss, and the next minute's sweep picks up what it left.
 */
import type { JobDefinition } from '../../core/jobs.ts';
import type { OrdersService } from './orders.service.ts';

/** Queue name of the expiry sweep. */
export const ORDER_EXPIRY_JOB = 'billing.order-expiry';

/**
 * The sweep's definition over `billing` (the orders service, or app.services.billing which passes it through);
 * `handler()` runs it once (tests call it directly). Logs how many orders it expired.
 */
export function orderExpiryJob(
  billing: Pick<OrdersService, 'expireDue'>,
  log: (msg: string, err?: unknown) => void,
): JobDefinition {
  return {
    name: ORDER_EXPIRY_JOB,
    cron: '* * * * *',
    handler: async () => {
      try {
        const n = await billing.expireDue();
        if (n) log(`billing: ${n} unpaid order(s) expired`);
      } catch (err) {
        log('billing expiry sweep failed', err);
        throw err;
      }
    },
  };
}
