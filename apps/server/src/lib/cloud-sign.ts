/**
 * Request signing of the two Chinese cloud APIs OpenVod talks to for SMS and number authentication, on node:crypto
 * (no vendor SDK). Both are checked against the vendors' published examples in cloud-sign.test.ts.
 *
 * - Aliyun RPC style, signature version 1.0 (HMAC-SHA1): used by Dysmsapi `SendSms` and Dypnsapi `GetMobile` /
 *   `GetPhoneWithToken` (both API version 2017-05-25). Sort the parameters, percent-encode names and values per
 *   RFC 3986, `StringToSign = METHOD & %2F & percentEncode(canonicalQuery)`, key `AccessKeySecret + "&"`, base64.
 * - Tencent Cloud API 3.0, TC3-HMAC-SHA256: used by SMS `SendSms` (version 2021-01-11). Canonical request ->
 *   string to sign with the UTC date scope `date/service/tc3_request` -> key derived by chained HMACs from
 *   `"TC3" + SecretKey` -> hex signature in the `Authorization` header.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';

/** RFC 3986 percent-encoding as Aliyun requires (space -> %20, `*` -> %2A, `~` kept). */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Aliyun RPC signature (v1.0, HMAC-SHA1, base64) of `params` (without `Signature`). */
export function aliyunRpcSignature(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k] as string)}`)
    .join('&');
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

export interface AliyunRpcRequest {
  /** e.g. https://dysmsapi.aliyuncs.com */
  endpoint: string;
  action: string;
  version: string;
  accessKeyId: string;
  accessKeySecret: string;
  params: Record<string, string>;
  regionId?: string;
  /** Fixed values for tests. */
  timestamp?: string;
  nonce?: string;
}

/** The complete signed GET URL of an Aliyun RPC call (JSON response format). */
export function aliyunRpcUrl(req: AliyunRpcRequest): string {
  const params: Record<string, string> = {
    AccessKeyId: req.accessKeyId,
    Action: req.action,
    Format: 'JSON',
    RegionId: req.regionId ?? 'cn-hangzhou',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: req.nonce ?? randomUUID(),
    SignatureVersion: '1.0',
    Timestamp: req.timestamp ?? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: req.version,
    ...req.params,
  };
  const signature = aliyunRpcSignature('GET', params, req.accessKeySecret);
  const query = Object.keys(params)
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k] as string)}`)
    .join('&');
  return `${req.endpoint.replace(/\/$/, '')}/?Signature=${aliyunPercentEncode(signature)}&${query}`;
}

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac256 = (key: string | Buffer, msg: string) => createHmac('sha256', key).update(msg, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  /** Product, e.g. `sms`; also the first label of the host. */
  service: string;
  host: string;
  /** The exact JSON body that will be sent. */
  payload: string;
  /** Seconds since the epoch (X-TC-Timestamp). */
  timestamp: number;
  contentType?: string;
}

/** TC3-HMAC-SHA256 `Authorization` header value for a POST with `content-type;host` signed. */
export function tencentTc3Authorization(input: Tc3Input): { authorization: string; signature: string } {
  const contentType = input.contentType ?? 'application/json; charset=utf-8';
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${input.host}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const secretDate = hmac256(`TC3${input.secretKey}`, date);
  const secretService = hmac256(secretDate, input.service);
  const secretSigning = hmac256(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
  return {
    signature,
    authorization: `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
