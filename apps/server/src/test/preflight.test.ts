/** The test suite's preflight (preflight.ts): what it finds missing and how it says so. */
import { describe, expect, it } from 'vitest';
import { findMissing, type Probe, parseRedisUrl, preflight, preflightMessage, systemProbe } from './preflight.ts';

/** A machine with everything but `without` (command names, Debian packages, "root", "redis"). */
function machine(without: string[] = [], opts: { dpkg?: boolean; gst?: string[] } = {}): Probe {
  const lacks = new Set(without);
  return {
    hasCommand: (name) => !lacks.has(name.split('/').pop() ?? name),
    debInstalled: (pkg) => (opts.dpkg === false ? undefined : !lacks.has(pkg)),
    gstElement: (element) => (opts.gst ? opts.gst.includes(element) : undefined),
    isRoot: () => !lacks.has('root'),
    tcpOpen: async () => !lacks.has('redis'),
  };
}

describe('findMissing', () => {
  it('finds nothing on a complete machine', async () => {
    expect(await findMissing(machine(), {})).toEqual([]);
  });

  it('names the DLNA packages a machine with only Chromium and ffmpeg lacks, in one apt-get line', async () => {
    const missing = await findMissing(
      machine(['gmediarender', 'ip', 'gstreamer1.0-libav', 'gstreamer1.0-plugins-good', 'gstreamer1.0-plugins-bad']),
      {},
    );
    expect(missing.flatMap((m) => m.apt)).toEqual([
      'iproute2',
      'gmediarender',
      'gstreamer1.0-libav',
      'gstreamer1.0-plugins-good',
      'gstreamer1.0-plugins-bad',
    ]);
    const message = preflightMessage(missing);
    expect(message).toContain(
      'sudo apt-get install iproute2 gmediarender gstreamer1.0-libav gstreamer1.0-plugins-good gstreamer1.0-plugins-bad',
    );
    expect(message).toContain('- gmediarender (apt package gmediarender): needed by the DLNA casting tests');
    expect(message).toContain('CAST_DLNA_TEST=0');
  });

  it('names chromium, ffmpeg and redis-server', async () => {
    const missing = await findMissing(machine(['chromium', 'ffmpeg', 'redis']), {});
    const message = preflightMessage(missing);
    expect(message).toContain('- Chromium (/usr/bin/chromium) (apt package chromium)');
    expect(message).toContain('- ffmpeg (apt package ffmpeg)');
    expect(message).toContain('- Redis at redis://127.0.0.1:6379 (apt package redis-server)');
    expect(message).toContain('sudo apt-get install chromium ffmpeg redis-server');
  });

  it('checks the Chromium of CHROMIUM_PATH and the Redis of REDIS_URL', async () => {
    const probe = machine(['my-chrome', 'redis']);
    const missing = await findMissing(probe, { CHROMIUM_PATH: '/opt/my-chrome', REDIS_URL: 'redis://cache:6380' });
    expect(missing.map((m) => m.what)).toEqual(['Chromium (/opt/my-chrome)', 'Redis at redis://cache:6380']);
  });

  it('says root is needed for the DLNA tests, with no package to install', async () => {
    const missing = await findMissing(machine(['root']), {});
    expect(missing).toHaveLength(1);
    expect(missing[0]?.apt).toEqual([]);
    const message = preflightMessage(missing);
    expect(message).toContain('root (ip netns needs it)');
    expect(message).not.toContain('apt-get install');
  });

  it('leaves Redis out when asked (the e2e run without REDIS_URL)', async () => {
    expect(await findMissing(machine(['redis']), {}, { redis: false })).toEqual([]);
  });

  it('skips the DLNA requirements with CAST_DLNA_TEST=0', async () => {
    const probe = machine(['root', 'gmediarender', 'ip', 'gstreamer1.0-libav']);
    expect(await findMissing(probe, { CAST_DLNA_TEST: '0' })).toEqual([]);
  });

  it('asks gst-inspect-1.0 for the plugins where dpkg is absent, and counts an unknown as missing', async () => {
    const withElements = await findMissing(machine([], { dpkg: false, gst: ['avdec_h264', 'qtdemux'] }), {});
    expect(withElements.map((m) => m.apt[0])).toEqual(['gstreamer1.0-plugins-bad']);
    const neither = await findMissing(machine([], { dpkg: false }), {});
    expect(neither.map((m) => m.apt[0])).toEqual([
      'gstreamer1.0-libav',
      'gstreamer1.0-plugins-good',
      'gstreamer1.0-plugins-bad',
    ]);
  });
});

describe('preflight', () => {
  it('throws the message when something is missing, and not with PREFLIGHT=0', async () => {
    await expect(preflight(machine(['gmediarender']), {})).rejects.toThrow(/apt-get install gmediarender/);
    await expect(preflight(machine(['gmediarender']), { PREFLIGHT: '0' })).resolves.toBeUndefined();
    await expect(preflight(machine(), {})).resolves.toBeUndefined();
  });

  it('parses redis URLs', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6379')).toEqual({ host: '127.0.0.1', port: 6379 });
    expect(parseRedisUrl('rediss://:pw@cache.example.com')).toEqual({ host: 'cache.example.com', port: 6379 });
    expect(parseRedisUrl('redis://[::1]:7000/2')).toEqual({ host: '::1', port: 7000 });
    expect(parseRedisUrl('http://x')).toBeUndefined();
  });

  it('the real probe sees this machine (a command that exists and one that does not)', async () => {
    expect(systemProbe.hasCommand('node')).toBe(true);
    expect(systemProbe.hasCommand('no-such-command-openvod')).toBe(false);
    expect(systemProbe.hasCommand(process.execPath)).toBe(true);
    expect(await systemProbe.tcpOpen('127.0.0.1', 1)).toBe(false);
  });
});
