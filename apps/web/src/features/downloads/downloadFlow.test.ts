/**
 * runDownloadFlow (spec §4 free-view flow, type 5): the entry of each episode is written once and before its `add`;
 * a refused write is asked about again (still allowed: written once more; refused: the blocked screen with the rest);
 * any other failure rejects with the episodes before it added and nothing written for the ones after it.
 */
import { type CheckBuyPopedomResponse, QUOTA_CODE } from '@openvod/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { runDownloadFlow } from './downloadFlow';
import type { DownloadRequest } from './engine/types';
import { checkAnswer, episodeRequest, makeTask } from './test-helpers';

const answer = checkAnswer;

function deps(claimAnswers: Record<number, (Error | 'ok')[]>, checks: CheckBuyPopedomResponse[]) {
  const log: string[] = [];
  return {
    log,
    check: async () => {
      log.push('check');
      return checks.shift() ?? answer();
    },
    claim: async (_sid: number, nid: number) => {
      log.push(`claim:${nid}`);
      const next = claimAnswers[nid]?.shift() ?? 'ok';
      if (next !== 'ok') throw next;
    },
    add: async (request: DownloadRequest) => {
      log.push(`add:${request.nid}`);
      return makeTask(request);
    },
  };
}

const usedUp = () => new ApiError('No download times left', QUOTA_CODE.quotaUsedUp, 403, 'server');
const episodes = [1, 2, 3].map((nid) => episodeRequest(5, nid));

describe('runDownloadFlow', () => {
  it('writes a refused entry again when the server still allows (an extra download arrived meanwhile)', async () => {
    const d = deps({ 2: [usedUp()] }, [answer(), answer({ reason: 'extra' })]);
    const result = await runDownloadFlow(episodes, d);
    expect(result.state).toBe('done');
    expect(d.log).toEqual(['check', 'claim:1', 'add:1', 'claim:2', 'check', 'claim:2', 'add:2', 'claim:3', 'add:3']);
  });

  it('stops with the rest when a refused entry is refused again after a fresh check', async () => {
    const d = deps({ 2: [usedUp()] }, [answer(), answer({ allowed: false, reason: 'blocked' })]);
    const result = await runDownloadFlow(episodes, d);
    expect(result.state).toBe('refused');
    if (result.state !== 'refused') return;
    expect(result.check.reason).toBe('blocked');
    expect(result.added.map((t) => t.nid)).toEqual([1]);
    expect(result.remaining.map((r) => r.nid)).toEqual([2, 3]);
    expect(d.log).toEqual(['check', 'claim:1', 'add:1', 'claim:2', 'check']);
  });

  it('rejects on a network failure with the earlier episodes added and nothing written after it', async () => {
    const d = deps({ 2: [new ApiError('Network anomaly!', 0, 0, 'network')] }, [answer()]);
    await expect(runDownloadFlow(episodes, d)).rejects.toThrow('Network anomaly!');
    expect(d.log).toEqual(['check', 'claim:1', 'add:1', 'claim:2']);
  });

  it('refuses before any write when the group has no download right', async () => {
    const d = deps({}, [answer({ allowed: false, reason: 'no_right', choices: ['vip'] })]);
    const result = await runDownloadFlow(episodes, d);
    expect(result).toMatchObject({ state: 'refused', added: [], remaining: episodes });
    expect(d.log).toEqual(['check']);
  });
});
