import { describe, expect, it } from 'vitest';
import { FfmpegError, findFfmpeg, listFfmpegFilters, runFfmpeg } from './ffmpeg.ts';

describe('ffmpeg', () => {
  it('finds a working binary and lists its filters', async () => {
    const bin = await findFfmpeg();
    expect(bin).not.toBe('');
    expect(await findFfmpeg()).toBe(bin);
    const filters = await listFfmpegFilters(bin);
    for (const name of ['testsrc2', 'sine', 'scale', 'hue', 'trim', 'split'])
      expect(filters.has(name), name).toBe(true);
  });

  it('runs ffmpeg and reports failures with stderr', async () => {
    const bin = await findFfmpeg();
    await expect(
      runFfmpeg(bin, ['-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-frames:v', '1', '-f', 'null', '-']),
    ).resolves.toBeUndefined();
    const err = await runFfmpeg(bin, ['-f', 'lavfi', '-i', 'nosuchsource', '-f', 'null', '-']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FfmpegError);
    expect((err as FfmpegError).exitCode).not.toBe(0);
    expect((err as FfmpegError).message).toMatch(/nosuchsource|No such filter/);
  });

  it('reports a missing binary as FfmpegError', async () => {
    await expect(runFfmpeg('/nonexistent/ffmpeg', ['-version'])).rejects.toBeInstanceOf(FfmpegError);
  });
});
