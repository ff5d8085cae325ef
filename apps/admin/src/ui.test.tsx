/**
 * The console's shared pieces (ui.tsx): the list table and its loading state, the filtered server-paged table, the
 * delete button's confirmation, the row switch column, the write hook (useAction: message, server error, invalidation)
 * and the small form helpers (urlRule, bit, intParam, when, formatTime).
 */
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './api.ts';
import { renderPage, serve } from './testing.tsx';
import {
  bit,
  DataTable,
  DeleteButton,
  FilteredTable,
  formatTime,
  intParam,
  isAddress,
  switchColumn,
  urlRule,
  useAction,
  useUrlQuery,
  when,
} from './ui.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

interface Row {
  id: number;
  name: string;
  status: number;
}

describe('DataTable', () => {
  it('shows the rows', async () => {
    renderPage(
      <DataTable<Row>
        rowKey="id"
        columns={[{ title: 'Name', dataIndex: 'name' }]}
        dataSource={[{ id: 1, name: 'one', status: 1 }]}
      />,
    );
    expect(await screen.findByText('one')).toBeTruthy();
  });

  it('while loading with no rows shows the spinner over an empty body, not "no data"', async () => {
    renderPage(<DataTable<Row> rowKey="id" columns={[{ title: 'Name', dataIndex: 'name' }]} dataSource={[]} loading />);
    expect(await screen.findByTestId('table-loading')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
  });
});

describe('switchColumn', () => {
  it('labels each switch "<column> <row name>" and reports the change', async () => {
    const onChange = vi.fn();
    const column = switchColumn<Row>({
      title: '状态',
      dataIndex: 'status',
      name: (r) => r.name,
      loading: () => false,
      onChange,
      testId: (r) => `status-${r.id}`,
    });
    renderPage(<DataTable<Row> rowKey="id" columns={[column]} dataSource={[{ id: 4, name: '电影', status: 1 }]} />);
    const toggle = await screen.findByRole('switch', { name: '状态 电影' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith({ id: 4, name: '电影', status: 1 }, false);
  });
});

describe('DeleteButton', () => {
  it('asks "删除“name”？" and only then calls onConfirm', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    renderPage(<DeleteButton name="动作片" onConfirm={onConfirm} testId="del" />);
    fireEvent.click(await screen.findByTestId('del'));
    expect(await screen.findByText('删除“动作片”？', { exact: false })).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });
});

/** A page-like component: a list read through `call`, a write through `useAction` that invalidates it. */
function Writer({ success }: { success?: 'common.saved' | null }) {
  const groups = useQuery({ queryKey: ['test', 'groups'], queryFn: () => call('adminListGroups') });
  const save = useAction({
    mutationFn: () => call('adminDeleteTopic', { params: { id: 9 } }),
    invalidate: [['test', 'groups']],
    success,
  });
  return (
    <>
      <span data-testid="count">{groups.data?.list.length ?? '-'}</span>
      <Button onClick={() => save.mutate(undefined)} loading={save.isPending} data-testid="write">
        write
      </Button>
    </>
  );
}

describe('useAction', () => {
  it('on success shows "已保存" and reads the invalidated query again', async () => {
    let reads = 0;
    const requests = serve([
      {
        method: 'GET',
        path: '/api/admin/groups',
        reply: () => ({ list: Array.from({ length: ++reads }, () => ({})) }),
      },
      { method: 'DELETE', path: '/api/admin/topics/9', reply: {} },
    ]);
    renderPage(<Writer />);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('write'));
    expect(await screen.findByText('已保存')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('2'));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/admin/groups',
      'DELETE /api/admin/topics/9',
      'GET /api/admin/groups',
    ]);
  });

  it("on failure shows the server's message", async () => {
    serve([
      { method: 'GET', path: '/api/admin/groups', reply: { list: [] } },
      { method: 'DELETE', path: '/api/admin/topics/9', status: 409, msg: '该分组下还有用户' },
    ]);
    renderPage(<Writer />);
    fireEvent.click(await screen.findByTestId('write'));
    expect(await screen.findByText('该分组下还有用户')).toBeTruthy();
  });

  it('shows no message with success: null', async () => {
    const requests = serve([
      { method: 'GET', path: '/api/admin/groups', reply: { list: [] } },
      { method: 'DELETE', path: '/api/admin/topics/9', reply: {} },
    ]);
    renderPage(<Writer success={null} />);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('0'));
    fireEvent.click(screen.getByTestId('write'));
    // The write settled: its invalidation read the list again.
    await waitFor(() => expect(requests.map((r) => r.method)).toEqual(['GET', 'DELETE', 'GET']));
    expect(screen.queryByText('已保存')).toBeNull();
  });
});

/** A list page's table under its filter: the URL query drives the request and the pager. */
function PagedList() {
  const { search, update } = useUrlQuery();
  const query = { page: intParam(search.get('page')) ?? 1, limit: intParam(search.get('limit')) ?? 20 };
  const list = useQuery({
    queryKey: ['test', 'cash', query],
    queryFn: ({ signal }) => call('adminListCash', { query, signal }),
  });
  return (
    <FilteredTable
      filters={<span>filters</span>}
      list={list}
      query={query}
      update={update}
      rowKey="cash_id"
      columns={[{ title: '#', dataIndex: 'cash_id' }]}
      testId="paged"
    />
  );
}

describe('FilteredTable', () => {
  it('pages through the URL, shows the total and reloads on demand', async () => {
    const rows = (page: number) => Array.from({ length: 20 }, (_v, i) => ({ cash_id: (page - 1) * 20 + i + 1 }));
    const requests = serve([
      {
        method: 'GET',
        path: '/api/admin/cash',
        reply: (req) => {
          const page = Number(req.query.get('page') ?? 1);
          return { list: rows(page), page, pagecount: 3, limit: 20, total: 45, late: 0, overdue: 0 };
        },
      },
    ]);
    renderPage(<PagedList />, '/list?page=2');
    const table = await screen.findByTestId('paged');
    expect(await within(table).findByText('21')).toBeTruthy();
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(requests[0]?.query.get('page')).toBe('2');

    fireEvent.click(screen.getByTitle('3'));
    expect(await within(table).findByText('41')).toBeTruthy();
    expect(requests.at(-1)?.query.get('page')).toBe('3');

    const before = requests.length;
    fireEvent.click(screen.getByRole('button', { name: /刷\s*新/ }));
    await waitFor(() => expect(requests.length).toBe(before + 1));
  });

  it('shows the load error banner with the server message', async () => {
    serve([{ method: 'GET', path: '/api/admin/cash', status: 503, msg: '服务暂不可用' }]);
    renderPage(<PagedList />, '/list');
    expect((await screen.findByTestId('load-error')).textContent).toContain('服务暂不可用');
  });
});

describe('form helpers', () => {
  it('urlRule accepts empty, http(s) and site paths, refuses the rest with its message', async () => {
    const rule = urlRule('bad address');
    await expect(rule.validator(null, '')).resolves.toBeUndefined();
    await expect(rule.validator(null, 'https://example.com/a.jpg')).resolves.toBeUndefined();
    await expect(rule.validator(null, '/media/a.jpg')).resolves.toBeUndefined();
    await expect(rule.validator(null, 'javascript:alert(1)')).rejects.toThrow('bad address');
    expect(isAddress('ftp://x')).toBe(false);
  });

  it('bit binds a switch to a 0/1 field', () => {
    expect(bit.getValueProps(1)).toEqual({ checked: true });
    expect(bit.getValueProps(0)).toEqual({ checked: false });
    expect(bit.normalize(true)).toBe(1);
    expect(bit.normalize(false)).toBe(0);
  });

  it('intParam reads non-negative integers only', () => {
    expect(intParam('12')).toBe(12);
    expect(intParam('0')).toBe(0);
    expect(intParam('-1')).toBeUndefined();
    expect(intParam('1.5')).toBeUndefined();
    expect(intParam(null)).toBeUndefined();
  });

  it('formatTime shows the operator zone; when() shows - for no time', () => {
    expect(formatTime('2026-01-01T16:30:00.000Z', 'Asia/Shanghai')).toBe('2026-01-02 00:30');
    expect(formatTime('2026-01-01T16:30:00.000Z', 'UTC')).toBe('2026-01-01 16:30');
    expect(formatTime('not a time', 'UTC')).toBe('not a time');
    expect(when(null)).toBe('-');
  });
});
