import type { CategoryWithPermission } from '@openvod/contract';
import { describe, expect, it } from 'vitest';
import { moreListQuery } from './MoreListPage';
import { isLocked, permissionMap } from './permission';
import { parsePeriod } from './RankListPage';
import { addWord, SEARCH_HISTORY_KEY, SEARCH_HISTORY_MAX, useSearchHistory } from './searchHistory';

describe('search history (spec §5)', () => {
  it('keeps at most 6 distinct words, newest first', () => {
    let list: string[] = [];
    for (const w of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) list = addWord(list, w);
    expect(SEARCH_HISTORY_MAX).toBe(6);
    expect(list).toEqual(['g', 'f', 'e', 'd', 'c', 'b']);
    expect(addWord(list, ' d ')).toEqual(['d', 'g', 'f', 'e', 'c', 'b']);
    expect(addWord(list, '   ')).toEqual(list);
  });

  it('keeps words per user and cleans what it reads back from storage', async () => {
    const { add, clear } = useSearchHistory.getState();
    useSearchHistory.setState({ byUser: {} });
    add(1, '北境');
    add(2, 'valley');
    add(1, '星河');
    expect(useSearchHistory.getState().byUser).toEqual({ '1': ['星河', '北境'], '2': ['valley'] });
    clear(1);
    expect(useSearchHistory.getState().byUser).toEqual({ '2': ['valley'] });

    localStorage.setItem(
      SEARCH_HISTORY_KEY,
      JSON.stringify({
        state: { byUser: { '3': ['x', 5, 'y', 'x', 'z', 'a', 'b', 'c', 'd'], bad: ['q'] } },
        version: 1,
      }),
    );
    await useSearchHistory.persist.rehydrate();
    // Oldest-first reading order is the stored newest-first list replayed backwards: duplicates and non-strings go.
    expect(useSearchHistory.getState().byUser).toEqual({ '3': ['x', 'y', 'z', 'a', 'b', 'c'] });
  });
});

describe('category permission (spec §2, §3)', () => {
  const list = [
    { type_id: 1, permission: 1, child: [{ type_id: 6 }] },
    { type_id: 2, permission: 0, child: [{ type_id: 12 }, { type_id: 13 }] },
  ] as unknown as CategoryWithPermission[];

  it('gives sub-categories their parent flag and treats unknown ids as open', () => {
    const map = permissionMap(list);
    expect([...map]).toEqual([
      [1, 1],
      [6, 1],
      [2, 0],
      [12, 0],
      [13, 0],
    ]);
    expect(isLocked(map, 12)).toBe(true);
    expect(isLocked(map, 6)).toBe(false);
    expect(isLocked(map, 99)).toBe(false);
    expect(isLocked(map, undefined)).toBe(false);
    expect(permissionMap(undefined).size).toBe(0);
  });
});

describe('route parameters', () => {
  it('reads more-list and ranking parameters, dropping bad values', () => {
    expect(moreListQuery(new URLSearchParams('type_id=6&order=hits&level=9'))).toEqual({
      type_id: 6,
      order: 'hits',
      level: 9,
      limit: 21,
    });
    expect(moreListQuery(new URLSearchParams('type_id=-1&order=drop&level=12'))).toEqual({
      type_id: undefined,
      order: 'time',
      level: undefined,
      limit: 21,
    });
    expect(parsePeriod('week')).toBe('week');
    expect(parsePeriod('year')).toBe('day');
    expect(parsePeriod(null)).toBe('day');
  });
});
