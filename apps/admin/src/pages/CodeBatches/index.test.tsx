/**
 * The code batches page against a fake server at `fetch`: the list with what each batch grants, generating a batch
 * (the body sent, the message, the list read again) and exporting one as a CSV file with the console's session.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Res } from '../../api.ts';
import { renderPage, type SentRequest, serve, writes } from '../../testing.tsx';
import CodeBatchesPage from './index.tsx';

type Batch = Res<'adminListCodeBatches'>['list'][number];

const batch: Batch = {
  batch_id: 5,
  batch_name: '春节活动',
  grant_kind: 'vip',
  grant_amount: 30,
  grant_group_id: 3,
  code_count: 100,
  used_count: 12,
  expires_at: '2099-03-01T15:59:59.999Z',
  expires_day: '2099-03-01',
  created_at: '2026-01-01T08:00:00.000Z',
};

const groups = {
  list: [
    { group_id: 2, group_name: '普通会员', group_type: '', group_status: 1, group_popedom: {}, group_rights: {} },
    { group_id: 3, group_name: 'VIP会员', group_type: '', group_status: 1, group_popedom: {}, group_rights: {} },
  ],
};

function batchServer(extra: Parameters<typeof serve>[0] = []): SentRequest[] {
  return serve([
    ...extra,
    { method: 'GET', path: '/api/admin/billing/code-batches', reply: { list: [batch] } },
    { method: 'GET', path: '/api/admin/groups', reply: groups },
    { method: 'POST', path: '/api/admin/billing/code-batches', reply: { info: { ...batch, batch_id: 6 } } },
    { method: 'GET', path: '/api/admin/billing/code-batches/5/export', raw: 'code,state\nABCD-EFGH,unused\n' },
  ]);
}

beforeEach(() => {
  // jsdom has no object URLs; the page only hands one to a download link.
  URL.createObjectURL = vi.fn(() => 'blob:codes');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('code batches page', () => {
  it('lists each batch with its grant, used count and last day', async () => {
    batchServer();
    renderPage(<CodeBatchesPage />, '/code-batches');
    const card = await screen.findByTestId('batches-card');
    expect(await within(card).findByText('春节活动')).toBeTruthy();
    expect(within(card).getByText('12 / 100')).toBeTruthy();
    expect(within(card).getByTestId('batch-expires-5').textContent).toBe('2099-03-01');
    await waitFor(() => expect(within(card).getByText('VIP会员', { exact: false })).toBeTruthy());
  });

  it('generates a batch: the form body sent once, "兑换码已生成", the dialog closed and the list read again', async () => {
    const requests = batchServer();
    renderPage(<CodeBatchesPage />, '/code-batches');
    await screen.findByText('春节活动');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/admin/groups')).toBe(true));
    fireEvent.click(screen.getByTestId('batch-add'));
    fireEvent.change(await screen.findByTestId('batch-name'), { target: { value: '  五一活动 ' } });
    fireEvent.click(screen.getByTestId('batch-save'));

    expect(await screen.findByText('兑换码已生成')).toBeTruthy();
    const sent = writes(requests);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/admin/billing/code-batches']);
    expect(sent[0]?.body).toEqual({
      batch_name: '五一活动',
      count: 100,
      grant_kind: 'vip',
      grant_amount: 30,
      grant_group_id: 3,
      expires_at: dayjs().add(90, 'day').format('YYYY-MM-DD'),
    });
    await waitFor(() => expect(screen.queryByTestId('batch-name')).toBeNull());
    const at = requests.indexOf(sent[0] as SentRequest);
    await waitFor(() =>
      expect(requests.slice(at + 1).some((r) => r.path === '/api/admin/billing/code-batches')).toBe(true),
    );
  });

  it('does not send a batch without a name', async () => {
    const requests = batchServer();
    renderPage(<CodeBatchesPage />, '/code-batches');
    await screen.findByText('春节活动');
    fireEvent.click(screen.getByTestId('batch-add'));
    await screen.findByTestId('batch-name');
    fireEvent.click(screen.getByTestId('batch-save'));
    expect(await screen.findByText('请输入批次名称')).toBeTruthy();
    expect(writes(requests)).toEqual([]);
  });

  it('exports a batch: GET export with the session, saved as codes-5.csv', async () => {
    const requests = batchServer();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    renderPage(<CodeBatchesPage />, '/code-batches');
    fireEvent.click(await screen.findByTestId('batch-export-5'));
    await waitFor(() => expect(clicked).toEqual(['codes-5.csv blob:codes']));
    const exported = requests.find((r) => r.path.endsWith('/export'));
    expect(exported?.method).toBe('GET');
    expect(exported?.path).toBe('/api/admin/billing/code-batches/5/export');
    expect(exported?.headers.authorcode).toBe('test-token');
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe('code,state\nABCD-EFGH,unused\n');
  });

  it('says so when the export fails', async () => {
    batchServer([{ method: 'GET', path: '/api/admin/billing/code-batches/5/export', status: 500, msg: 'boom' }]);
    renderPage(<CodeBatchesPage />, '/code-batches');
    fireEvent.click(await screen.findByTestId('batch-export-5'));
    expect(await screen.findByText('网络错误，请稍后重试')).toBeTruthy();
  });
});
