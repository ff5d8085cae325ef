/**
 * A small UPnP AV client over node:http + fast-xml-parser: the device description (UDA 1.1 §2.3), SOAP control
 * (UDA 1.1 §3.2) of AVTransport:1 (SetAVTransportURI, Play, Pause, Stop, Seek REL_TIME, GetTransportInfo,
 * GetPositionInfo) and DIDL-Lite metadata (ContentDirectory:1 §2.8).
 *
 * Own code instead of `upnp-mediarenderer-client` 1.4.0 / `upnp-device-client` 1.0.2 (2015, elementtree): their
 * load() fails on Node >= 19 with "socket hang up" because Node's global agent keeps connections alive and libupnp
 * hangs up (shared/research/player.md §3). Every request here uses its own connection (`Connection: close`).
 *
 * Safety: only `http:` URLs whose host is an IP literal are fetched (no DNS), bodies are capped at 256 KiB, every
 * request times out, and service control URLs must point at the same host as the description (else refused).
 */
import http from 'node:http';
import { XMLParser } from 'fast-xml-parser';

export const AV_TRANSPORT = 'urn:schemas-upnp-org:service:AVTransport:1';
export const RENDERING_CONTROL = 'urn:schemas-upnp-org:service:RenderingControl:1';

/** A failed UPnP exchange; `upnpCode` is the device's `<errorCode>` when it sent a SOAP fault. */
export class UpnpError extends Error {
  override name = 'UpnpError';
  constructor(
    message: string,
    readonly upnpCode?: number,
  ) {
    super(message);
  }
}

/** A URL pointing somewhere a device may not send us (another host, another scheme). */
export class UpnpRefusedError extends UpnpError {
  override name = 'UpnpRefusedError';
}

const MAX_BYTES = 256 * 1024;

/** One HTTP exchange on a fresh connection. Resolves with status and body text; rejects with {@link UpnpError}. */
export function httpText(
  url: URL,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<{ status: number; text: string }> {
  if (url.protocol !== 'http:') return Promise.reject(new UpnpRefusedError(`not an http URL: ${url.href}`));
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
    const req = http.request(
      url,
      {
        method: init.method ?? 'GET',
        agent: false,
        timeout: init.timeoutMs ?? 5000,
        headers: {
          connection: 'close',
          'user-agent': 'OpenVod/1.0 UPnP/1.1',
          ...(body ? { 'content-length': String(body.length) } : {}),
          ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BYTES) {
            req.destroy(new UpnpError(`answer larger than ${MAX_BYTES} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => reject(new UpnpError(err.message)));
      },
    );
    req.on('timeout', () => req.destroy(new UpnpError('timed out')));
    req.on('error', (err) => reject(err instanceof UpnpError ? err : new UpnpError(err.message)));
    req.end(body);
  });
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

type Xml = Record<string, unknown>;
const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A parsed MediaRenderer: its names and the absolute control URLs of its AVTransport (and RenderingControl). */
export interface RendererDescription {
  udn: string;
  friendlyName: string;
  modelName: string;
  manufacturer: string;
  avTransportControl: string;
  renderingControl: string | undefined;
}

/** Resolve a service URL against the base and refuse any that leaves the device's own host (or is not http). */
export function deviceUrl(value: string, base: URL, deviceHost: string): string {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new UpnpRefusedError(`bad service URL: ${value}`);
  }
  if (url.protocol !== 'http:' || url.hostname !== deviceHost) {
    throw new UpnpRefusedError(`service URL ${url.href} is not on the device's host ${deviceHost}`);
  }
  return url.href;
}

/**
 * Parse a device description document fetched from `location`; the first (embedded or root) device with an
 * AVTransport service wins. Throws {@link UpnpError} when there is none, {@link UpnpRefusedError} when a control
 * URL (or URLBase) points elsewhere than `location`'s host.
 */
export function parseDescription(xml: string, location: URL): RendererDescription {
  const doc = parser.parse(xml) as Xml;
  const root = (doc.root ?? {}) as Xml;
  const base = root.URLBase ? new URL(str(root.URLBase), location) : location;
  if (base.hostname !== location.hostname) {
    throw new UpnpRefusedError(`URLBase ${base.href} is not on the device's host ${location.hostname}`);
  }
  const queue: Xml[] = asArray(root.device as Xml | Xml[]);
  while (queue.length > 0) {
    const device = queue.shift() as Xml;
    const services = asArray(((device.serviceList ?? {}) as Xml).service as Xml | Xml[]);
    const av = services.find((s) => str(s.serviceType).startsWith('urn:schemas-upnp-org:service:AVTransport:'));
    if (av) {
      const rc = services.find((s) => str(s.serviceType).startsWith('urn:schemas-upnp-org:service:RenderingControl:'));
      return {
        udn: str(device.UDN),
        friendlyName: str(device.friendlyName).slice(0, 200) || location.hostname,
        modelName: str(device.modelName).slice(0, 200),
        manufacturer: str(device.manufacturer).slice(0, 200),
        avTransportControl: deviceUrl(str(av.controlURL), base, location.hostname),
        renderingControl: rc ? deviceUrl(str(rc.controlURL), base, location.hostname) : undefined,
      };
    }
    queue.push(...asArray(((device.deviceList ?? {}) as Xml).device as Xml | Xml[]));
  }
  throw new UpnpError('no AVTransport service in the device description');
}

/** GET and parse the description at `location` (see {@link parseDescription}). */
export async function fetchDescription(location: string): Promise<RendererDescription> {
  const url = new URL(location);
  const { status, text } = await httpText(url, { timeoutMs: 4000 });
  if (status !== 200) throw new UpnpError(`description answered HTTP ${status}`);
  return parseDescription(text, url);
}

/** Escape text for XML element content and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Call `action` of `serviceType` at `controlUrl` with `args` (in the order the service's SCPD lists them).
 * Resolves with the response's out-arguments as text; throws {@link UpnpError} on a SOAP fault or HTTP error.
 */
export async function soapCall(
  controlUrl: string,
  serviceType: string,
  action: string,
  args: Record<string, string | number>,
): Promise<Record<string, string>> {
  const argXml = Object.entries(args)
    .map(([k, v]) => `<${k}>${xmlEscape(String(v))}</${k}>`)
    .join('');
  const body =
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" ' +
    's:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>' +
    `<u:${action} xmlns:u="${serviceType}">${argXml}</u:${action}></s:Body></s:Envelope>`;
  const { status, text } = await httpText(new URL(controlUrl), {
    method: 'POST',
    body,
    timeoutMs: 8000,
    headers: {
      'content-type': 'text/xml; charset="utf-8"',
      soapaction: `"${serviceType}#${action}"`,
    },
  });
  let doc: Xml;
  try {
    doc = parser.parse(text) as Xml;
  } catch {
    throw new UpnpError(`${action}: HTTP ${status}, unreadable answer`);
  }
  const soapBody = ((doc.Envelope ?? {}) as Xml).Body as Xml | undefined;
  if (status !== 200 || !soapBody || soapBody.Fault) {
    const detail = (((soapBody?.Fault ?? {}) as Xml).detail ?? {}) as Xml;
    const err = (detail.UPnPError ?? {}) as Xml;
    const code = Number(str(err.errorCode)) || undefined;
    const desc = str(err.errorDescription);
    throw new UpnpError(`${action}: HTTP ${status}${code ? ` UPnP error ${code}` : ''}${desc ? ` ${desc}` : ''}`, code);
  }
  const out = (soapBody[`${action}Response`] ?? {}) as Xml;
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, str(v)]));
}

/** Seconds -> UPnP `H+:MM:SS` (AVTransport:1 §2.2.15). */
export function formatUpnpTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** UPnP `H+:MM:SS[.F+]` -> whole seconds; 0 for NOT_IMPLEMENTED, empty or unreadable values. */
export function parseUpnpTime(text: string): number {
  const m = /^\s*(\d+):(\d{1,2}):(\d{1,2})(?:\.\d+)?\s*$/.exec(text);
  if (!m) return 0;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/**
 * DIDL-Lite metadata of one video item (ContentDirectory:1 §2.8; DLNA protocolInfo 4th field flags
 * `DLNA.ORG_OP=01` = byte seek, shared/research/player.md §3). Every text is escaped.
 */
export function didlLite(item: { title: string; url: string; mime: string }): string {
  const protocolInfo = `http-get:*:${item.mime}:${item.mime === 'video/mp4' ? 'DLNA.ORG_OP=01;DLNA.ORG_CI=0;' : ''}DLNA.ORG_FLAGS=01700000000000000000000000000000`;
  return (
    '<DIDL-Lite xmlns="urn:schemas-upnp-org:metadata-1-0/DIDL-Lite/" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
    'xmlns:upnp="urn:schemas-upnp-org:metadata-1-0/upnp/">' +
    '<item id="0" parentID="-1" restricted="1">' +
    `<dc:title>${xmlEscape(item.title)}</dc:title>` +
    '<upnp:class>object.item.videoItem</upnp:class>' +
    `<res protocolInfo="${xmlEscape(protocolInfo)}">${xmlEscape(item.url)}</res>` +
    '</item></DIDL-Lite>'
  );
}

/** AVTransport:1 calls on one renderer (InstanceID 0). */
export class AvTransport {
  constructor(readonly controlUrl: string) {}

  private call(action: string, args: Record<string, string | number> = {}) {
    return soapCall(this.controlUrl, AV_TRANSPORT, action, { InstanceID: 0, ...args });
  }

  setUri(url: string, metadata: string) {
    return this.call('SetAVTransportURI', { CurrentURI: url, CurrentURIMetaData: metadata });
  }
  play() {
    return this.call('Play', { Speed: '1' });
  }
  pause() {
    return this.call('Pause');
  }
  stop() {
    return this.call('Stop');
  }
  /** Seek to `seconds` from the start (Unit REL_TIME). */
  seek(seconds: number) {
    return this.call('Seek', { Unit: 'REL_TIME', Target: formatUpnpTime(seconds) });
  }
  /** CurrentTransportState, e.g. PLAYING, PAUSED_PLAYBACK, STOPPED, TRANSITIONING, NO_MEDIA_PRESENT. */
  async transportState(): Promise<string> {
    const out = await this.call('GetTransportInfo');
    return out.CurrentTransportState ?? '';
  }
  /** Position and duration in seconds (0 when unknown). */
  async position(): Promise<{ position: number; duration: number; uri: string }> {
    const out = await this.call('GetPositionInfo');
    return {
      position: parseUpnpTime(out.RelTime ?? ''),
      duration: parseUpnpTime(out.TrackDuration ?? ''),
      uri: out.TrackURI ?? '',
    };
  }
}
