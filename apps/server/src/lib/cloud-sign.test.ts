import { describe, expect, it } from 'vitest';
import { aliyunPercentEncode, aliyunRpcSignature, aliyunRpcUrl, tencentTc3Authorization } from './cloud-sign.ts';

describe('Aliyun RPC signature (HMAC-SHA1, v1.0)', () => {
  // The worked example of Aliyun's SMS "signature mechanism" page (AccessKeySecret "testSecret").
  const params = {
    AccessKeyId: 'testId',
    Action: 'SendSms',
    Format: 'XML',
    OutId: '123',
    PhoneNumbers: '15300000001',
    RegionId: 'cn-hangzhou',
    SignName: '阿里云短信测试专用',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
    SignatureVersion: '1.0',
    TemplateCode: 'SMS_71390007',
    TemplateParam: '{"customer":"test"}',
    Timestamp: '2017-07-12T02:42:19Z',
    Version: '2017-05-25',
  };

  it('reproduces the documented signature', () => {
    expect(aliyunRpcSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('builds the documented URL (Signature first, then the sorted encoded parameters)', () => {
    const { AccessKeyId, Action, Version, Timestamp, SignatureNonce, ...rest } = params;
    const url = aliyunRpcUrl({
      endpoint: 'http://dysmsapi.aliyuncs.com',
      action: Action,
      version: Version,
      accessKeyId: AccessKeyId,
      accessKeySecret: 'testSecret',
      timestamp: Timestamp,
      nonce: SignatureNonce,
      params: rest,
    });
    // The example uses Format=XML; rest overrides the default JSON, so the URL equals the documented one.
    expect(url).toBe(
      'http://dysmsapi.aliyuncs.com/?Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D&AccessKeyId=testId&Action=SendSms' +
        '&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou' +
        '&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8' +
        '&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0' +
        '&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D' +
        '&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25',
    );
  });

  it('percent-encodes per RFC 3986', () => {
    expect(aliyunPercentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256', () => {
  it('reproduces the documented example (CVM DescribeInstances, 1551113065)', () => {
    const { authorization, signature } = tencentTc3Authorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    });
    expect(signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });
});
