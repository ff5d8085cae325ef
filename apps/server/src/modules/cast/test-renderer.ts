/**
 * A real DLNA renderer for tests: Debian's `gmediarender` (gmrender-resurrect, libupnp + GStreamer with fake sinks)
 * in its own network namespace, joined to the host by a veth pair on a private /24 (shared/research/player.md §3:
 * libupnp refuses loopback, so a veth is needed). SSDP multicast from the host side of the veth reaches it.
 *
 * Needs root, `ip` (iproute2) and `gmediarender` plus GStreamer's good/bad/libav plugins to decode H.264/AAC MP4
 * (.ci/run installs them). {@link dlnaTestRequirements} lists what is missing. Used by cast.dlna.test.ts and the
 * e2e spec e2e/tests/cast.spec.ts. Traffic stays inside the namespace pair this helper creates.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { httpText } from './upnp.ts';

export const GMEDIARENDER = '/usr/bin/gmediarender';
/** The UPnP port gmediarender is told to use inside its namespace. */
export const RENDERER_PORT = 49494;

/** What this machine lacks to run the renderer (empty: all there). */
export function dlnaTestRequirements(): string[] {
  const missing: string[] = [];
  if (process.getuid?.() !== 0) missing.push('root (ip netns needs it)');
  try {
    execFileSync('ip', ['-V'], { stdio: 'ignore' });
  } catch {
    missing.push('ip (iproute2)');
  }
  if (!fs.existsSync(GMEDIARENDER)) missing.push(`${GMEDIARENDER} (apt-get install gmediarender)`);
  const plugins = '/usr/lib/x86_64-linux-gnu/gstreamer-1.0';
  if (fs.existsSync(plugins) && !fs.existsSync(`${plugins}/libgstlibav.so`)) {
    missing.push('gstreamer1.0-libav (H.264/AAC decoders)');
  }
  return missing;
}

/** A running renderer and the network around it. */
export interface TestRenderer {
  /** Network namespace name. */
  ns: string;
  /** Host-side veth interface (give it to DLNA_INTERFACES). */
  hostInterface: string;
  /** Host address on the veth (the server's LAN address as the renderer sees it). */
  hostAddress: string;
  /** The renderer's address. */
  rendererAddress: string;
  /** The friendlyName it advertises. */
  name: string;
  /** Its device description URL (the LOCATION it announces). */
  descriptionUrl: string;
  /**
   * The renderer's own CurrentTransportState, asked with a hand-written GetTransportInfo SOAP request to
   * gmediarender's fixed control path (independent of the server's UPnP client).
   */
  transportState(): Promise<string>;
  /** Everything gmediarender logged so far. */
  log(): string;
  /** Kill the renderer and remove the namespace and veth pair. */
  stop(): Promise<void>;
}

function run(args: string[]) {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function tryRun(args: string[]) {
  try {
    run(args);
  } catch {
    // cleaning up what may not exist
  }
}

/**
 * Start gmediarender named `name` in namespace `ovcast-<tag>` (veth `ovh<tag>` / `ovr<tag>`, subnet 10.231.N.0/24
 * with N from the tag). `tag`: at most 8 characters [a-z0-9], distinct per concurrent user (e.g. a port). Resolves
 * when the renderer logs "Ready for rendering." (rejects after 30 s with its log).
 */
export async function startTestRenderer(tag: string, name = `OpenVod Test TV ${tag}`): Promise<TestRenderer> {
  if (!/^[a-z0-9]{1,8}$/.test(tag)) throw new Error(`bad renderer tag ${tag}`);
  const missing = dlnaTestRequirements();
  if (missing.length > 0) throw new Error(`the DLNA test renderer needs: ${missing.join(', ')}`);
  const ns = `ovcast-${tag}`;
  const hostIf = `ovh${tag}`;
  const peerIf = `ovr${tag}`;
  const octet = ((createHash('sha256').update(tag).digest()[0] ?? 0) % 250) + 2;
  const hostAddress = `10.231.${octet}.1`;
  const rendererAddress = `10.231.${octet}.2`;
  const cleanup = () => {
    tryRun(['netns', 'del', ns]);
    tryRun(['link', 'del', hostIf]);
  };
  cleanup(); // leftovers of a crashed run
  run(['netns', 'add', ns]);
  run(['link', 'add', hostIf, 'type', 'veth', 'peer', 'name', peerIf]);
  run(['link', 'set', peerIf, 'netns', ns]);
  // IPv4 only: libupnp fails to bind while an IPv6 address is still tentative (it retries, but slowly).
  if (fs.existsSync('/proc/sys/net/ipv6')) {
    execFileSync('ip', ['netns', 'exec', ns, 'sh', '-c', 'echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6']);
    fs.writeFileSync(`/proc/sys/net/ipv6/conf/${hostIf}/disable_ipv6`, '1');
  }
  run(['addr', 'add', `${hostAddress}/24`, 'dev', hostIf]);
  run(['link', 'set', hostIf, 'up']);
  run(['-n', ns, 'addr', 'add', `${rendererAddress}/24`, 'dev', peerIf]);
  run(['-n', ns, 'link', 'set', peerIf, 'up']);
  run(['-n', ns, 'link', 'set', 'lo', 'up']);
  run(['-n', ns, 'route', 'add', 'default', 'via', hostAddress]);

  let output = '';
  const uuid = createHash('sha256').update(`openvod-test-${tag}`).digest('hex');
  const child: ChildProcess = spawn(
    'ip',
    [
      'netns',
      'exec',
      ns,
      GMEDIARENDER,
      '-f',
      name,
      '-u',
      `${uuid.slice(0, 8)}-${uuid.slice(8, 12)}-${uuid.slice(12, 16)}-${uuid.slice(16, 20)}-${uuid.slice(20, 32)}`,
      '-I',
      peerIf,
      '-p',
      String(RENDERER_PORT),
      // Fake sinks that keep the clock (sync=true): playback runs in real time, as on a TV, with no display.
      '--gstout-audiopipe=fakesink sync=true',
      '--gstout-videopipe=fakesink sync=true',
      '--logfile=stdout',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const onExit = () => {
    child.kill('SIGKILL');
    cleanup();
  };
  process.once('exit', onExit);
  const collect = (d: Buffer) => {
    output = (output + d.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    process.removeListener('exit', onExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    cleanup();
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`gmediarender not ready in 30 s:\n${output}`)), 30_000);
      const check = () => {
        if (output.includes('Ready for rendering')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`gmediarender exited (${code}):\n${output}`));
      });
      check();
    });
  } catch (err) {
    await stop();
    throw err;
  }
  const base = `http://${rendererAddress}:${RENDERER_PORT}`;
  const transportState = async () => {
    const body =
      '<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" ' +
      's:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>' +
      '<u:GetTransportInfo xmlns:u="urn:schemas-upnp-org:service:AVTransport:1"><InstanceID>0</InstanceID>' +
      '</u:GetTransportInfo></s:Body></s:Envelope>';
    const res = await httpText(new URL(`${base}/upnp/control/rendertransport1`), {
      method: 'POST',
      body,
      headers: {
        'content-type': 'text/xml; charset="utf-8"',
        soapaction: '"urn:schemas-upnp-org:service:AVTransport:1#GetTransportInfo"',
      },
    });
    return /<CurrentTransportState>([^<]*)</.exec(res.text)?.[1] ?? `HTTP ${res.status}`;
  };
  return {
    ns,
    hostInterface: hostIf,
    hostAddress,
    rendererAddress,
    name,
    descriptionUrl: `${base}/description.xml`,
    transportState,
    log: () => output,
    stop,
  };
}
