/**
 * Billing routes (issue 6; operationIds of spec/calls.md "billing" rows plus cancelOrder, verifyOrder, redeemCode,
 * the fake gateway's cashier and the console operations; packages/contract/src/endpoints/billing.ts).
 *
 * - notify (POST /api/pay/notify/:channel) runs in its own scope whose only body parser keeps the RAW bytes (every
 *   content type): the channel verifies the signature over exactly what the provider sent, before anything is
 *   parsed or changed, and the answer is the provider's own form (channel.ack()).
 * - The fake cashier (GET/POST /api/pay/fake/:order_code) exists only while the fake channel is offered; page and
 *   form need the cashier token `t` of the link gopay gave the order's owner (fake-channel.ts), else 403 and nothing
 *   is paid; the form posts `action=pay|fail&t=...` url-encoded. Pay delivers the signed notification to notify in-process (an HTTP
 *   request through Fastify's router, `inject`), then redirects the browser to the order's return URL.
 *
 * Rate limits (per IP): buy, gopay, upgrade, cancel, verify 30/min; redeemCode 20/min plus 10 failures per hour per
 * user and per IP (redemption.service.ts); notify 600/min.
 */
import { ErrorCode, type Locale } from '@openvod/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { type MessageKey, t } from '../../core/i18n/messages.ts';
import { defineRoute } from '../../core/routes.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { BillingService } from './billing.service.ts';
import { CHANNEL_ENV } from './channel-registry.ts';
import { type FakeChannel, fenToYuan } from './fake-channel.ts';

const WRITE_LIMIT = { max: 30, timeWindow: '1 minute' };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(
    title,
  )}</title><style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}
.box{border:1px solid #ddd;border-radius:8px;padding:20px}button{font-size:16px;padding:10px 24px;margin:8px 8px 0 0;border-radius:6px;border:0;cursor:pointer}
.pay{background:#1677ff;color:#fff}.fail{background:#eee}</style></head><body><div class="box">${body}</div></body></html>`;
}

/**
 * Register the viewer billing routes, notify and the fake cashier. `authenticate` resolves a session token to its
 * user (the accounts service; throws when the token is not a session), for the calls a guest may make too.
 */
export async function billingRoutes(
  app: FastifyInstance,
  billing: BillingService,
  authenticate: (token: string) => Promise<UserRow>,
  fake: FakeChannel | undefined,
) {
  const { plans, orders, payments, redemption } = billing;
  const optionalUser = async (authorcode: string): Promise<UserRow | undefined> => {
    if (!authorcode) return undefined;
    try {
      return await authenticate(authorcode);
    } catch {
      return undefined;
    }
  };
  const msg = (locale: Locale, key: MessageKey) => t(locale, key);

  defineRoute(app, 'groupList', async ({ req }) => {
    const user = await optionalUser(req.client.authorcode);
    return {
      code: 1 as const,
      msg: 'ok',
      list: await plans.vipGroups(user),
      user: user ? await payments.memberState(user.user_id) : null,
    };
  });

  defineRoute(app, 'orderField', async ({ req }) => {
    const user = await optionalUser(req.client.authorcode);
    return {
      code: 1 as const,
      msg: 'ok',
      channels: plans.channelInfos(),
      list: await plans.vipGroups(user),
      order_expire_minutes: billing.opts.orderExpireMinutes,
    };
  });

  defineRoute(
    app,
    'upgrade',
    async ({ body, req }) => {
      const header = req.headers['idempotency-key'];
      const key = typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : undefined;
      const r = await payments.upgrade(currentUser(req), body, key);
      return { code: 1 as const, msg: msg(req.locale, 'billing_upgraded'), ...r };
    },
    { rateLimit: WRITE_LIMIT },
  );

  defineRoute(
    app,
    'buy',
    async ({ body, req }) => {
      const r = await orders.buy(currentUser(req), body);
      return {
        code: 1 as const,
        msg: msg(req.locale, r.existing ? 'billing_order_open' : 'billing_order_created'),
        ...r,
      };
    },
    { rateLimit: WRITE_LIMIT },
  );

  defineRoute(
    app,
    'gopay',
    async ({ body, req }) => {
      const r = await orders.gopay(currentUser(req), body, req.ip, req.locale);
      return { code: 1 as const, msg: 'ok', ...r };
    },
    { rateLimit: WRITE_LIMIT },
  );

  defineRoute(app, 'orders', async ({ query, req }) => ({
    code: 1 as const,
    msg: 'ok',
    ...(await orders.listOrders(currentUser(req).user_id, query)),
  }));

  defineRoute(app, 'orderInfo', async ({ params, req }) => ({
    code: 1 as const,
    msg: 'ok',
    info: await orders.orderInfo(currentUser(req), params.order_code),
  }));

  defineRoute(
    app,
    'cancelOrder',
    async ({ params, req }) => ({
      code: 1 as const,
      msg: 'ok',
      info: await orders.cancel(currentUser(req), params.order_code),
    }),
    { rateLimit: WRITE_LIMIT },
  );

  defineRoute(
    app,
    'verifyOrder',
    async ({ params, req }) => {
      const r = await orders.verify(currentUser(req), params.order_code);
      return { code: 1 as const, msg: msg(req.locale, r.paid ? 'billing_order_paid' : 'billing_order_unpaid'), ...r };
    },
    { rateLimit: WRITE_LIMIT },
  );

  defineRoute(
    app,
    'redeemCode',
    async ({ body, req }) => {
      const r = await redemption.redeem(currentUser(req), body.code, req.ip);
      return { code: 1 as const, msg: msg(req.locale, 'billing_code_redeemed'), ...r };
    },
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );

  // notify: raw body, verified by the channel.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    defineRoute(
      scope,
      'notify',
      async ({ params, req, reply }) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const answer = await payments.notify(params.channel, raw, req.headers);
        reply.code(answer.status);
        if (answer.contentType) reply.type(answer.contentType);
        return sendRaw(reply, answer.body ?? '');
      },
      { rateLimit: { max: 600, timeWindow: '1 minute' } },
    );
  });

  // The fake gateway's cashier.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const requireFake = () => {
      if (!fake) throw new AppError(404, 1004, 'route_not_found');
      return fake;
    };
    /**
     * The trade of a cashier request whose token `t` is the one gopay gave the order's owner (fake-channel.ts);
     * 404 without such an order, 403 (nothing shown, nothing paid) without the right token.
     */
    const authorizedTrade = async (gateway: FakeChannel, code: string, token: string | undefined, l: Locale) => {
      const [trade, order] = await Promise.all([gateway.trade(code), orders.cashierOrder(code, l)]);
      if (!trade || !order) throw new AppError(404, 1004, 'billing_order_not_found');
      if (!gateway.checkToken(trade, order.userId, token))
        throw new AppError(403, ErrorCode.forbidden, 'fake_link_invalid');
      return { trade, order };
    };
    defineRoute(scope, 'fakeCashier', async ({ params, query, req, reply }) => {
      const gateway = requireFake();
      const l = req.locale;
      const { trade, order } = await authorizedTrade(gateway, params.order_code, query.t, l);
      const title = t(l, 'fake_title');
      const head = `<h2>${escapeHtml(title)}</h2><p data-testid="fake-plan">${escapeHtml(
        order.planName,
      )}</p><p><strong>${escapeHtml(
        t(l, 'fake_amount', { amount: fenToYuan(trade.amount) }),
      )}</strong></p><p><small>${escapeHtml(trade.order_code)}</small></p>`;
      const open = trade.status === 'unpaid' || trade.status === 'failed';
      const body = open
        ? `${head}<form method="post"><input type="hidden" name="t" value="${escapeHtml(
            query.t ?? '',
          )}"><button class="pay" name="action" value="pay">${escapeHtml(
            t(l, 'fake_pay'),
          )}</button><button class="fail" name="action" value="fail">${escapeHtml(t(l, 'fake_fail'))}</button></form>`
        : `${head}<p>${escapeHtml(t(l, trade.status === 'paid' ? 'billing_order_paid' : 'fake_closed'))}</p><p><a href="${escapeHtml(
            gateway.backUrl(trade),
          )}">${escapeHtml(t(l, 'fake_back'))}</a></p>`;
      reply.type('text/html; charset=utf-8');
      return sendRaw(reply, page(l, title, body));
    });
    defineRoute(
      scope,
      'fakeCashierSubmit',
      async ({ params, body, req, reply }) => {
        const gateway = requireFake();
        await authorizedTrade(gateway, params.order_code, body.t, req.locale);
        const r = await gateway.submit(params.order_code, body.action);
        if (!r.trade) throw new AppError(404, 1004, 'billing_order_not_found');
        const l = req.locale;
        if (r.trade.status === 'paid') return reply.redirect(gateway.backUrl(r.trade), 303);
        const key: MessageKey = r.trade.status === 'failed' ? 'billing_payment_failed' : 'fake_closed';
        reply.type('text/html; charset=utf-8');
        return sendRaw(
          reply,
          page(
            l,
            t(l, 'fake_title'),
            `<h2>${escapeHtml(t(l, key))}</h2><p><a href="${escapeHtml(gateway.backUrl(r.trade))}">${escapeHtml(
              t(l, 'fake_back'),
            )}</a></p>`,
          ),
        );
      },
      { rateLimit: WRITE_LIMIT },
    );
  });
  if (fake) {
    // Notifications of the fake gateway reach notify through the router (same parsing and checks as a provider's).
    fake.deliver = async (url, body, headers) => {
      const res = await app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers });
      return { status: res.statusCode, body: res.body };
    };
  }
}

/** Send a pre-rendered text body (HTML, a provider ack) without the JSON serializer. */
function sendRaw(reply: FastifyReply, body: string): never {
  void reply.send(body);
  return reply as never;
}

/** Register the console's billing and ledger routes. */
export function billingAdminRoutes(app: FastifyInstance, billing: BillingService, ledger: LedgerService) {
  const { plans, orders, redemption, reports } = billing;
  const ok = { code: 1 as const, msg: 'ok' };
  defineRoute(app, 'adminListPlans', async () => ({ ...ok, list: await plans.listPlans() }));
  defineRoute(app, 'adminCreatePlan', async ({ body }) => ({ ...ok, info: await plans.createPlan(body) }));
  defineRoute(app, 'adminUpdatePlan', async ({ params, body }) => ({
    ...ok,
    info: await plans.updatePlan(params.id, body),
  }));
  defineRoute(app, 'adminListChannels', async () => ({
    ...ok,
    list: (['alipay', 'wechat', 'fake'] as const).map((id) => {
      const c = billing.channels.get(id);
      return {
        channel: id,
        configured: Boolean(c),
        scenes: c ? [...c.scenes] : [],
        env: CHANNEL_ENV[id],
        problem: billing.channels.problems.get(id) ?? null,
      };
    }),
  }));
  defineRoute(app, 'adminListOrders', async ({ query }) => ({ ...ok, ...(await orders.adminListOrders(query)) }));
  defineRoute(app, 'adminGetOrder', async ({ params }) => ({
    ...ok,
    ...(await orders.adminGetOrder(params.order_code)),
  }));
  defineRoute(app, 'adminCloseOrder', async ({ params }) => ({
    ...ok,
    info: await orders.adminClose(params.order_code),
  }));
  defineRoute(app, 'adminListCodeBatches', async () => ({ ...ok, list: await redemption.listCodeBatches() }));
  defineRoute(app, 'adminCreateCodeBatch', async ({ body }) => ({
    ...ok,
    info: await redemption.createCodeBatch(body),
  }));
  defineRoute(app, 'adminExportCodeBatch', async ({ params, reply }) => {
    const csv = await redemption.exportCodeBatch(params.id);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="codes-${params.id}.csv"`);
    return sendRaw(reply, csv);
  });
  defineRoute(app, 'adminRevenueReport', async ({ query }) => ({ ...ok, ...(await reports.revenue(query)) }));
  const checkOut = (r: Awaited<ReturnType<LedgerService['lastCheck']>>) => {
    const at = r ? r.checked_at.toISOString() : null;
    return {
      ...ok,
      checked_at: at,
      checked: r?.checked ?? 0,
      list: (r?.list ?? []).map((d) => ({ ...d, checked_at: at ?? '' })),
    };
  };
  defineRoute(app, 'adminLedgerCheck', async () => checkOut(await ledger.lastCheck()));
  defineRoute(app, 'adminRunLedgerCheck', async () => {
    await ledger.check();
    return checkOut(await ledger.lastCheck());
  });
}
