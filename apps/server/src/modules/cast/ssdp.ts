/**
 * SSDP discovery (UPnP Device Architecture 1.1 §1.3.2): an M-SEARCH to 239.255.255.250:1900 sent from each given
 * local interface, collecting the unicast answers until the time runs out.
 *
 * Own code instead of `node-ssdp` (4.0.1, 2018, depends on `ip` 1.x with CVE-2024-29415, skips internal
 * interfaces; shared/research/player.md §3): the search is ~60 lines of dgram.
 */
import dgram from 'node:dgram';
import type { LocalInterface } from './network.ts';

export const SSDP_ADDRESS = '239.255.255.250';
export const SSDP_PORT = 1900;
export const MEDIA_RENDERER = 'urn:schemas-upnp-org:device:MediaRenderer:1';

/** One M-SEARCH answer. `from` is the UDP source address; `iface` the local interface it arrived on. */
export interface SsdpAnswer {
  location: string;
  usn: string;
  st: string;
  server: string;
  from: string;
  iface: LocalInterface;
}

/** Parse an HTTP-over-UDP SSDP answer into lower-cased headers; undefined when it is not `HTTP/1.x 200`. */
export function parseSsdpAnswer(text: string): Record<string, string> | undefined {
  const lines = text.split(/\r?\n/);
  if (!/^HTTP\/1\.[01] 200\b/i.test(lines[0] ?? '')) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

/**
 * M-SEARCH for `st` on every interface in `interfaces`; resolves after `timeoutMs` with the distinct answers (by
 * USN + location), at most 64. `mx` is the seconds a device may wait before answering (1..5).
 */
export async function mSearch(opts: {
  interfaces: readonly LocalInterface[];
  st?: string;
  mx?: number;
  timeoutMs?: number;
}): Promise<SsdpAnswer[]> {
  const st = opts.st ?? MEDIA_RENDERER;
  const mx = Math.min(5, Math.max(1, opts.mx ?? 1));
  const timeoutMs = opts.timeoutMs ?? (mx + 1) * 1000;
  const message = Buffer.from(
    `M-SEARCH * HTTP/1.1\r\nHOST: ${SSDP_ADDRESS}:${SSDP_PORT}\r\nMAN: "ssdp:discover"\r\nMX: ${mx}\r\nST: ${st}\r\n` +
      'USER-AGENT: OpenVod/1.0 UPnP/1.1\r\n\r\n',
  );
  const answers = new Map<string, SsdpAnswer>();
  const sockets: dgram.Socket[] = [];
  await Promise.all(
    opts.interfaces.map(
      (iface) =>
        new Promise<void>((resolve) => {
          const socket = dgram.createSocket({ type: 'udp4' });
          sockets.push(socket);
          socket.on('error', () => resolve());
          socket.on('message', (msg, rinfo) => {
            if (answers.size >= 64 || msg.length > 8192) return;
            const headers = parseSsdpAnswer(msg.toString('utf8'));
            if (!headers?.location) return;
            const answer: SsdpAnswer = {
              location: headers.location,
              usn: headers.usn ?? '',
              st: headers.st ?? '',
              server: headers.server ?? '',
              from: rinfo.address,
              iface,
            };
            answers.set(`${answer.usn} ${answer.location}`, answer);
          });
          socket.bind(0, iface.address, () => {
            try {
              socket.setMulticastInterface(iface.address);
              socket.setMulticastTTL(2);
            } catch {
              return resolve();
            }
            // Twice: UDP may drop one (UDA 1.1 advises sending more than once).
            socket.send(message, SSDP_PORT, SSDP_ADDRESS);
            setTimeout(() => socket.send(message, SSDP_PORT, SSDP_ADDRESS), 200).unref();
            resolve();
          });
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, timeoutMs));
  for (const s of sockets) {
    try {
      s.close();
    } catch {
      // already closed after an error
    }
  }
  return [...answers.values()];
}
