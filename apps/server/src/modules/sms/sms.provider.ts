/**
 * SMS delivery behind one interface (issue 3 item 5; research/money.md §3). Chosen by `SMS_PROVIDER`:
 *
 * - `console` (default outside production): development and tests. Logs the code and appends one JSON line
 *   `{"phone","code","purpose","at"}` to `DATA_DIR/sms-outbox.jsonl`, which tests and e2e read. Refuses to start
 *   when NODE_ENV=production (codes would never reach users, and would sit in a file).
 * - `aliyun`: Dysmsapi `SendSms` (2017-05-25), RPC signature v1 (lib/cloud-sign.ts). Env ALIYUN_ACCESS_KEY_ID,
 *   ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE; the template has one variable
 *   `${code}` (TemplateParam `{"code":"123456"}`). Success is `Code: "OK"` in the JSON answer.
 * - `tencent`: SMS `SendSms` (2021-01-11), TC3-HMAC-SHA256. Env TENCENT_SECRET_ID, TENCENT_SECRET_KEY,
 *   TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID, TENCENT_SMS_REGION (ap-guangzhou); the
 *   template has one variable `{1}` (the code). Success is `SendStatusSet[0].Code: "Ok"`.
 * - `none` (default in production when unset): no SMS; `sms_enabled` is false and code calls answer 'SMS
 *   verification is not available'.
 *
 * Providers throw {@link SmsSendError} on failure; the service then withdraws the code and answers 502.
 * The adapters never log secrets or codes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AuthProvidersConfig } from '../../config/config.ts';
import { aliyunRpcUrl, tencentTc3Authorization } from '../../lib/cloud-sign.ts';

export type SmsPurpose = 'register' | 'login' | 'bind';

export interface SmsProvider {
  /** `console`, `aliyun`, `tencent`. */
  readonly name: string;
  /** Deliver `code` to `phone` (11-digit mainland number). Throws {@link SmsSendError}. */
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    public providerCode = '',
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** Minimal fetch signature (tests pass a recorder). */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 10_000;

/** Development provider: log + `sms-outbox.jsonl`. */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  readonly outboxPath: string;

  constructor(
    dataDir: string,
    private log: (msg: string) => void = () => {},
  ) {
    this.outboxPath = path.join(dataDir, 'sms-outbox.jsonl');
  }

  async send(phone: string, code: string, purpose: SmsPurpose): Promise<void> {
    fs.mkdirSync(path.dirname(this.outboxPath), { recursive: true });
    const line = JSON.stringify({ phone, code, purpose, at: new Date().toISOString() });
    await fs.promises.appendFile(this.outboxPath, `${line}\n`);
    this.log(`[sms:console] ${purpose} code for ${phone}: ${code}`);
  }
}

/** Every message the console provider wrote to `DATA_DIR/sms-outbox.jsonl`, oldest first (tests and e2e). */
export function readOutbox(dataDir: string): Array<{ phone: string; code: string; purpose: SmsPurpose; at: string }> {
  const file = path.join(dataDir, 'sms-outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';

  constructor(
    private cfg: AuthProvidersConfig['sms']['aliyun'],
    private fetchFn: FetchLike = fetch,
    private endpoint = 'https://dysmsapi.aliyuncs.com',
  ) {
    const missing = Object.entries(cfg)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length) throw new Error(`SMS_PROVIDER=aliyun needs ${missing.join(', ')} (ALIYUN_* variables)`);
  }

  async send(phone: string, code: string): Promise<void> {
    const url = aliyunRpcUrl({
      endpoint: this.endpoint,
      action: 'SendSms',
      version: '2017-05-25',
      accessKeyId: this.cfg.accessKeyId,
      accessKeySecret: this.cfg.accessKeySecret,
      params: {
        PhoneNumbers: phone,
        SignName: this.cfg.signName,
        TemplateCode: this.cfg.templateCode,
        TemplateParam: JSON.stringify({ code }),
      },
    });
    let body: { Code?: string; Message?: string };
    try {
      const res = await this.fetchFn(url, { method: 'GET', signal: AbortSignal.timeout(TIMEOUT_MS) });
      body = (await res.json()) as typeof body;
    } catch (err) {
      throw new SmsSendError(`aliyun SendSms request failed: ${(err as Error).message}`);
    }
    if (body.Code !== 'OK') throw new SmsSendError(`aliyun SendSms: ${body.Code} ${body.Message ?? ''}`, body.Code);
  }
}

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  private host = 'sms.tencentcloudapi.com';

  constructor(
    private cfg: AuthProvidersConfig['sms']['tencent'],
    private fetchFn: FetchLike = fetch,
    private clock: () => number = () => Date.now(),
  ) {
    const missing = Object.entries(cfg)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length) throw new Error(`SMS_PROVIDER=tencent needs ${missing.join(', ')} (TENCENT_* variables)`);
  }

  async send(phone: string, code: string): Promise<void> {
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: this.cfg.sdkAppId,
      SignName: this.cfg.signName,
      TemplateId: this.cfg.templateId,
      TemplateParamSet: [code],
    });
    const timestamp = Math.floor(this.clock() / 1000);
    const { authorization } = tencentTc3Authorization({
      secretId: this.cfg.secretId,
      secretKey: this.cfg.secretKey,
      service: 'sms',
      host: this.host,
      payload,
      timestamp,
    });
    let body: { Response?: { Error?: { Code: string; Message: string }; SendStatusSet?: Array<{ Code: string }> } };
    try {
      const res = await this.fetchFn(`https://${this.host}/`, {
        method: 'POST',
        headers: {
          Authorization: authorization,
          'Content-Type': 'application/json; charset=utf-8',
          Host: this.host,
          'X-TC-Action': 'SendSms',
          'X-TC-Version': '2021-01-11',
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Region': this.cfg.region,
        },
        body: payload,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      body = (await res.json()) as typeof body;
    } catch (err) {
      throw new SmsSendError(`tencent SendSms request failed: ${(err as Error).message}`);
    }
    const error = body.Response?.Error;
    if (error) throw new SmsSendError(`tencent SendSms: ${error.Code} ${error.Message}`, error.Code);
    const status = body.Response?.SendStatusSet?.[0]?.Code;
    if (status !== 'Ok') throw new SmsSendError(`tencent SendSms: status ${status ?? 'missing'}`, status ?? '');
  }
}

/**
 * The provider `SMS_PROVIDER` names, or undefined for `none`. Throws (the server does not start) when the console
 * provider is chosen with NODE_ENV=production, or when a cloud provider lacks a variable.
 */
export function createSmsProvider(
  cfg: AuthProvidersConfig['sms'],
  env: { nodeEnv: string; dataDir: string; log?: (msg: string) => void; fetchFn?: FetchLike },
): SmsProvider | undefined {
  switch (cfg.provider) {
    case 'console':
      if (env.nodeEnv === 'production') {
        throw new Error('SMS_PROVIDER=console is for development only: set aliyun or tencent (or none) in production');
      }
      return new ConsoleSmsProvider(env.dataDir, env.log);
    case 'aliyun':
      return new AliyunSmsProvider(cfg.aliyun, env.fetchFn);
    case 'tencent':
      return new TencentSmsProvider(cfg.tencent, env.fetchFn);
    default:
      return undefined;
  }
}
