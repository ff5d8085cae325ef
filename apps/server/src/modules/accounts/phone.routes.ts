/**
 * Phone routes: phoneRegisterCode, phoneRegister, phoneLoginCode, phoneLogin, codeLogin (encrypted payload when
 * the operator turns encryption on, core/routes.ts), bindPhoneCode, bindPhone (signed-in user), oneClickLogin.
 *
 * Rate limits per IP (@fastify/rate-limit, on top of the SMS cooldown and daily caps of SmsCodeService): code
 * sending 5/min, code checking and one-click 10/min.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { t } from '../../core/i18n/messages.ts';
import { defineRoute } from '../../core/routes.ts';
import { clientContext, currentUser } from './accounts.service.ts';
import type { PhoneService } from './phone.service.ts';

/** Per-IP limits of the code-sending and code-checking calls. */
export const SEND_CODE_LIMIT = { max: 5, timeWindow: '1 minute' };
export const CHECK_CODE_LIMIT = { max: 10, timeWindow: '1 minute' };

const ok = { code: 1 as const, msg: 'ok' };
const clientOf = clientContext;

export function phoneRoutes(app: FastifyInstance, phone: PhoneService) {
  const sent = (req: FastifyRequest, r: { resend_after: number }) => ({
    code: 1 as const,
    msg: t(req.locale, 'sms_sent'),
    ...r,
  });

  defineRoute(
    app,
    'phoneRegisterCode',
    async ({ body, req }) => sent(req, await phone.sendCode('register', body, clientOf(req))),
    { rateLimit: SEND_CODE_LIMIT },
  );
  defineRoute(
    app,
    'phoneLoginCode',
    async ({ body, req }) => sent(req, await phone.sendCode('login', body, clientOf(req))),
    { rateLimit: SEND_CODE_LIMIT },
  );
  defineRoute(
    app,
    'bindPhoneCode',
    async ({ body, req }) => sent(req, await phone.sendCode('bind', body, clientOf(req), currentUser(req))),
    { rateLimit: SEND_CODE_LIMIT },
  );

  defineRoute(
    app,
    'phoneRegister',
    async ({ body, req }) => ({ ...ok, ...(await phone.register(body, clientOf(req))) }),
    { rateLimit: CHECK_CODE_LIMIT },
  );
  defineRoute(app, 'phoneLogin', async ({ body, req }) => ({ ...ok, ...(await phone.login(body, clientOf(req))) }), {
    rateLimit: CHECK_CODE_LIMIT,
  });
  defineRoute(app, 'codeLogin', async ({ body, req }) => ({ ...ok, ...(await phone.login(body, clientOf(req))) }), {
    rateLimit: CHECK_CODE_LIMIT,
  });
  defineRoute(
    app,
    'bindPhone',
    async ({ body, req }) => {
      const r = await phone.bind(currentUser(req), body);
      return { code: 1 as const, msg: t(req.locale, 'phone_bound'), ...r };
    },
    { rateLimit: CHECK_CODE_LIMIT },
  );
  defineRoute(
    app,
    'oneClickLogin',
    async ({ body, req }) => ({ ...ok, ...(await phone.oneClick(body, clientOf(req))) }),
    { rateLimit: CHECK_CODE_LIMIT },
  );
}
