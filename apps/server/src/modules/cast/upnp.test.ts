/**
 * The UPnP pieces without a renderer: description parsing and its host checks, DIDL-Lite escaping, UPnP times,
 * SSDP answers and the local-network rules (network.ts).
 */
import { describe, expect, it } from 'vitest';
import { interfaceFor, isLanAddress, isLocalClient, type LocalInterface } from './network.ts';
import { parseSsdpAnswer } from './ssdp.ts';
import {
  didlLite,
  formatUpnpTime,
  parseDescription,
  parseUpnpTime,
  UpnpError,
  UpnpRefusedError,
  xmlEscape,
} from './upnp.ts';

const description = (controlUrl: string, extra = '') => `<?xml version="1.0"?>
<root xmlns="urn:schemas-upnp-org:device-1-0">${extra}
<device><deviceType>urn:schemas-upnp-org:device:MediaRenderer:1</deviceType>
<friendlyName>Living &amp; Room</friendlyName><modelName>TV-1</modelName><UDN>uuid:abc</UDN>
<serviceList>
<service><serviceType>urn:schemas-upnp-org:service:AVTransport:1</serviceType><controlURL>${controlUrl}</controlURL></service>
<service><serviceType>urn:schemas-upnp-org:service:RenderingControl:1</serviceType><controlURL>/rc</controlURL></service>
</serviceList></device></root>`;

describe('parseDescription', () => {
  const location = new URL('http://192.168.1.20:49152/desc.xml');

  it('finds AVTransport and RenderingControl and resolves their control URLs on the device host', () => {
    const d = parseDescription(description('/upnp/av'), location);
    expect(d).toEqual({
      udn: 'uuid:abc',
      friendlyName: 'Living & Room',
      modelName: 'TV-1',
      manufacturer: '',
      avTransportControl: 'http://192.168.1.20:49152/upnp/av',
      renderingControl: 'http://192.168.1.20:49152/rc',
    });
  });

  it('finds an embedded renderer device', () => {
    const xml = `<root><device><deviceType>x</deviceType><deviceList>${description('/av')
      .replace(/^[\s\S]*?<device>/, '<device>')
      .replace('</root>', '')}</deviceList></device></root>`;
    expect(parseDescription(xml, location).avTransportControl).toBe('http://192.168.1.20:49152/av');
  });

  it('refuses control URLs and URLBase on another host, and descriptions without AVTransport', () => {
    expect(() => parseDescription(description('http://203.0.113.5/av'), location)).toThrow(UpnpRefusedError);
    expect(() => parseDescription(description('http://192.168.1.21:49152/av'), location)).toThrow(UpnpRefusedError);
    expect(() => parseDescription(description('/av', '<URLBase>http://10.0.0.9:80/</URLBase>'), location)).toThrow(
      UpnpRefusedError,
    );
    expect(() => parseDescription(description('file:///etc/passwd'), location)).toThrow(UpnpRefusedError);
    expect(() => parseDescription('<root><device><UDN>x</UDN></device></root>', location)).toThrow(UpnpError);
  });
});

describe('DIDL-Lite and times', () => {
  it('escapes the title and URL', () => {
    const xml = didlLite({ title: '<b>"A" & \'B\'</b>', url: 'http://10.0.0.2:8080/m.mp4?a=1&b=2', mime: 'video/mp4' });
    expect(xml).toContain('<dc:title>&#60;b&#62;&#34;A&#34; &#38; &#39;B&#39;&#60;/b&#62;</dc:title>');
    expect(xml).toContain('>http://10.0.0.2:8080/m.mp4?a=1&#38;b=2</res>');
    expect(xml).toContain('http-get:*:video/mp4:DLNA.ORG_OP=01');
    expect(xml).not.toContain('<b>');
    expect(xmlEscape('a<b')).toBe('a&#60;b');
  });

  it('formats and parses H:MM:SS', () => {
    expect(formatUpnpTime(0)).toBe('0:00:00');
    expect(formatUpnpTime(3725.9)).toBe('1:02:05');
    expect(parseUpnpTime('1:02:05')).toBe(3725);
    expect(parseUpnpTime('0:00:07.500')).toBe(7);
    expect(parseUpnpTime('NOT_IMPLEMENTED')).toBe(0);
    expect(parseUpnpTime('')).toBe(0);
  });
});

describe('SSDP answers', () => {
  it('reads the headers of a 200 answer and ignores NOTIFY/M-SEARCH', () => {
    const h = parseSsdpAnswer(
      'HTTP/1.1 200 OK\r\nLOCATION: http://10.0.0.2:1/d.xml\r\nST: x\r\nUSN: uuid:1::x\r\n\r\n',
    );
    expect(h?.location).toBe('http://10.0.0.2:1/d.xml');
    expect(h?.usn).toBe('uuid:1::x');
    expect(parseSsdpAnswer('NOTIFY * HTTP/1.1\r\nLOCATION: http://x/\r\n\r\n')).toBeUndefined();
  });
});

describe('local network rules', () => {
  const lan: LocalInterface = { name: 'eth0', address: '192.168.1.10', prefix: 24, internal: false };
  const lo: LocalInterface = { name: 'lo', address: '127.0.0.1', prefix: 8, internal: true };

  it('accepts only private or link-local devices inside a server subnet', () => {
    expect(interfaceFor('192.168.1.20', [lan])).toBe(lan);
    expect(interfaceFor('192.168.2.20', [lan])).toBeUndefined();
    expect(interfaceFor('8.8.8.8', [lan])).toBeUndefined();
    expect(interfaceFor('::ffff:192.168.1.20', [lan])).toBe(lan);
    expect(interfaceFor('127.0.0.1', [lan])).toBeUndefined();
    expect(interfaceFor('127.0.0.1', [lan, lo])).toBe(lo);
    // A public subnet on an interface does not make its neighbours castable.
    const pub: LocalInterface = { name: 'eth1', address: '203.0.113.1', prefix: 24, internal: false };
    expect(interfaceFor('203.0.113.7', [pub])).toBeUndefined();
    expect(isLanAddress('169.254.3.4')).toBe(true);
    expect(isLanAddress('172.32.0.1')).toBe(false);
    expect(isLanAddress('not an ip')).toBe(false);
  });

  it('lets local clients cast and refuses public ones', () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '::ffff:192.168.0.5', 'fd00::1', 'fe80::1']) {
      expect(isLocalClient(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '2001:db8::1', '::ffff:8.8.8.8', 'x']) expect(isLocalClient(ip), ip).toBe(false);
  });
});
