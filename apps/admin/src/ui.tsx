/**
 * Shared UI pieces of the console: the page spinner, times, poster thumbnails, the load-error banner, the list-page
 * card, the list table with its row switch, time column and name meta line, the delete button with its confirmation, a
 * 0/1 switch binding for forms, a mutation hook that reports success and the server's error message, and a title
 * picker (search over adminListVods) used by topics and the home page; a list page's URL query (`useUrlQuery`) and
 * its filter bar with the server-paged table below (`FilteredTable`).
 */
import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Image,
  Popconfirm,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  type TableProps,
} from 'antd';
import type { ColumnType, TablePaginationConfig } from 'antd/es/table';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call, errorMessage, type Res } from './api.ts';
import { type MessageKey, type Translate, useI18n } from './i18n.ts';
import { keys } from './queries.ts';
import { getSession } from './session.ts';

export function PageSpin() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 64 }}>
      <Spin size="large" />
    </div>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO 8601 time as `YYYY-MM-DD HH:mm` in the operator's time zone (the session's `time_zone` from adminLogin /
 * adminMe), so console times agree with the operator days of reports and expiries; the browser's zone when unknown.
 */
export function formatTime(iso: string, timeZone: string | undefined = getSession()?.time_zone): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (timeZone) {
    try {
      const parts = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(d);
      const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
      return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
    } catch {
      // An unknown zone: the browser's below.
    }
  }
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** {@link formatTime} of an optional ISO time; `-` when there is none (not yet paid, never reviewed). */
export function when(iso: string | null | undefined): string {
  return iso ? formatTime(iso) : '-';
}

/** A non-negative integer from a URL search parameter, or `undefined` when absent or malformed. */
export function intParam(value: string | null): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** Grey poster placeholder for titles without (or with a broken) picture. */
export const POSTER_FALLBACK =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="56" viewBox="0 0 40 56"><rect width="40" height="56" fill="#f0f0f0"/><path d="M15 21v14l12-7z" fill="#bfbfbf"/></svg>',
  );

/**
 * A picture thumbnail (poster 40×56 by default; pass a wider size for slides and covers) with the grey placeholder
 * when the URL is empty or broken, and a click-to-preview when there is a picture.
 */
export function Thumb({
  src,
  alt,
  width = 40,
  height = 56,
}: {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}) {
  return (
    <Image
      src={src || POSTER_FALLBACK}
      alt={alt}
      width={width}
      height={height}
      style={{ objectFit: 'cover', borderRadius: 4, background: '#f0f0f0' }}
      fallback={POSTER_FALLBACK}
      preview={src ? { mask: false } : false}
      referrerPolicy="no-referrer"
    />
  );
}

/** The error banner of a failed load: the server's message in the chosen language, else "Could not load". */
export function LoadError({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(error, t('common.loadFailed'))}
      style={{ marginBottom: 16 }}
      data-testid="load-error"
    />
  );
}

/** The card of a list page: title, actions on the right, the load-error banner, then the list. */
export function ListCard({
  title,
  extra,
  error,
  help,
  children,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  error?: unknown;
  help?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card
      title={<span data-testid={testId ? `${testId}-title` : undefined}>{title}</span>}
      extra={extra}
      styles={{ body: { paddingTop: 12 } }}
      data-testid={testId}
    >
      {help && <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 12 }}>{help}</div>}
      <LoadError error={error} />
      {children}
    </Card>
  );
}

/** A small danger button that asks "Delete “name”?" before calling `onConfirm`. */
export function DeleteButton({
  name,
  onConfirm,
  loading,
  label,
  testId,
}: {
  name: string;
  onConfirm: () => Promise<unknown> | undefined;
  loading?: boolean;
  /** Button text; "Delete" by default. */
  label?: string;
  testId?: string;
}) {
  const { t } = useI18n();
  return (
    <Popconfirm
      title={t('common.confirmDelete', { name })}
      okText={label ?? t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
      onConfirm={() => onConfirm()?.catch(() => undefined)}
    >
      <Button size="small" danger loading={loading} data-testid={testId}>
        {label ?? t('common.delete')}
      </Button>
    </Popconfirm>
  );
}

/** An http(s) URL or a path on this server (`/media/...`, as the demo catalogue and uploads use). */
export function isAddress(value: string): boolean {
  return /^(https?:\/\/[^\s/$.?#][^\s]*|\/[^\s]*)$/i.test(value.trim());
}

/** Form rule of a picture or link address: empty or {@link isAddress}. */
export function urlRule(message: string) {
  return {
    validator: async (_rule: unknown, value: string | undefined) => {
      const v = (value ?? '').trim();
      if (v && !isAddress(v)) throw new Error(message);
    },
  };
}

/** Form.Item props binding a Switch to a 0/1 field. */
export const bit = {
  valuePropName: 'checked',
  getValueProps: (v: number) => ({ checked: v === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
} as const;

/**
 * A console write: on success shows `success` (default "Saved"; `null` for none) and refreshes the `invalidate`
 * queries (of the QueryClient the page is rendered under); on failure shows the server's message (its text in the
 * chosen language) as a toast.
 */
export function useAction<V, R>(opts: {
  mutationFn: (v: V) => Promise<R>;
  invalidate?: QueryKey[];
  success?: MessageKey | null;
  onSuccess?: (res: R, v: V) => void;
}) {
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: opts.mutationFn,
    onSuccess: (res, v) => {
      if (opts.success !== null) message.success(t(opts.success ?? 'common.saved'));
      opts.onSuccess?.(res, v);
    },
    onError: (e) => message.error({ content: errorMessage(e, t('common.networkError')), duration: 6 }),
    onSettled: () => {
      for (const key of opts.invalidate ?? []) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** `value`, once it has stayed the same for `ms` milliseconds (search-as-you-type). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return out;
}

export type VodListItem = Res<'adminListVods'>['list'][number];

/**
 * A search box over the catalogue (adminListVods by name, optionally within one category) that hands the chosen
 * title to `onPick` and clears itself. Titles in `exclude` are shown but cannot be picked again.
 */
export function VodPicker({
  onPick,
  exclude,
  typeId,
  placeholder,
  disabled,
  testId,
}: {
  onPick: (item: VodListItem) => void;
  exclude?: ReadonlySet<number>;
  typeId?: number;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useI18n();
  const [wd, setWd] = useState('');
  const word = useDebounced(wd.trim());
  const query = { wd: word || undefined, type_id: typeId, page: 1, limit: 20 };
  const found = useQuery({
    queryKey: [...keys.vods, 'picker', query],
    queryFn: ({ signal }) => call('adminListVods', { query, signal }),
    placeholderData: keepPreviousData,
    enabled: !disabled,
  });
  const list = found.data?.list ?? [];
  return (
    <Select<number | null>
      showSearch={{ filterOption: false, onSearch: setWd, searchValue: wd }}
      value={null}
      placeholder={placeholder ?? t('picker.placeholder')}
      style={{ width: '100%', maxWidth: 420 }}
      loading={found.isFetching}
      disabled={disabled}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : found.isError ? (
          errorMessage(found.error, t('common.loadFailed'))
        ) : null
      }
      onChange={(id) => {
        const item = list.find((v) => v.vod_id === id);
        if (item) onPick(item);
        setWd('');
      }}
      options={list.map((v) => ({
        value: v.vod_id,
        disabled: exclude?.has(v.vod_id),
        label: (
          <span data-testid={`picker-option-${v.vod_id}`}>
            {v.vod_name}
            <span style={{ color: 'rgba(0,0,0,0.45)', marginLeft: 8, fontSize: 12 }}>
              #{v.vod_id}
              {v.type_name ? ` · ${v.type_name}` : ''}
              {v.vod_year ? ` · ${v.vod_year}` : ''}
              {exclude?.has(v.vod_id) ? ` · ${t('picker.added')}` : ''}
            </span>
          </span>
        ),
      }))}
      data-testid={testId}
    />
  );
}

/** A console list table: antd Table at the console's density (`middle`), scrolling sideways on narrow screens. */
/**
 * A console table: middle size, scrolling sideways inside its own box. While it loads with no rows yet it shows the
 * spinner over an empty body, never antd's "no data" under the spinner (that would say the list is empty before it
 * is known).
 */
export function DataTable<T extends object>(props: TableProps<T>) {
  const loading = typeof props.loading === 'object' ? props.loading.spinning !== false : props.loading === true;
  const empty = (props.dataSource?.length ?? 0) === 0;
  const locale =
    loading && empty
      ? { ...props.locale, emptyText: <div style={{ height: 96 }} data-testid="table-loading" /> }
      : props.locale;
  return <Table<T> size="middle" scroll={{ x: 'max-content' }} {...props} locale={locale} />;
}

/**
 * Pagination of a table paged by the server: page and size from the answer (else the query), sizes 10-100, the
 * total shown, and changes written back to the URL through `update` (page 1 and size 20 are the defaults, left out).
 */
export function serverPagination(
  data: { page: number; limit: number; total: number } | undefined,
  query: { page?: number; limit?: number },
  update: (next: { page?: number; limit?: number }) => void,
  t: Translate,
): TablePaginationConfig {
  return {
    current: data?.page ?? query.page,
    pageSize: data?.limit ?? query.limit,
    total: data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (n) => t('common.total', { n }),
    onChange: (page, pageSize) =>
      update({ page: page > 1 ? page : undefined, limit: pageSize !== 20 ? pageSize : undefined }),
  };
}

/** A change to a list page's URL query: a key set to `undefined` or `''` is removed, others are set. */
export type UrlQueryUpdate = (next: Record<string, string | number | undefined>) => void;

/**
 * A list page's filters and paging kept in the URL's search parameters: `search` to read them and `update` to change
 * some of them (the history entry is replaced, so filtering does not fill the back button).
 */
export function useUrlQuery(): { search: URLSearchParams; update: UrlQueryUpdate } {
  const [search, setSearch] = useSearchParams();
  const update: UrlQueryUpdate = (next) => {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') params.delete(k);
      else params.set(k, String(v));
    }
    setSearch(params, { replace: true });
  };
  return { search, update };
}

/** The parts of a list query (useQuery over a paged console endpoint) that {@link FilteredTable} shows. */
export interface PagedListQuery<T> {
  data: { list: T[]; page: number; limit: number; total: number } | undefined;
  error: unknown;
  isFetching: boolean;
  isLoading: boolean;
  refetch: () => unknown;
}

/**
 * A server-paged list under its filter bar: the `filters` followed by a Reload button, the load-error banner, then
 * the table (inside `<div data-testid={testId}>`) paged through {@link serverPagination} with `query` and `update`.
 * Renders no card of its own: put it in the page's card.
 */
export function FilteredTable<T extends object>({
  filters,
  list,
  query,
  update,
  rowKey,
  columns,
  testId,
}: {
  filters: ReactNode;
  list: PagedListQuery<T>;
  query: { page?: number; limit?: number };
  update: UrlQueryUpdate;
  rowKey: TableProps<T>['rowKey'];
  columns: TableProps<T>['columns'];
  testId?: string;
}) {
  const { t } = useI18n();
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {filters}
        <Button onClick={() => list.refetch()} loading={list.isFetching && !list.isLoading}>
          {t('common.reload')}
        </Button>
      </Space>
      <LoadError error={list.error} />
      <div data-testid={testId}>
        <DataTable<T>
          rowKey={rowKey}
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          pagination={serverPagination(list.data, query, update, t)}
        />
      </div>
    </>
  );
}

/** The 0/1 switch of a table row (status, lock): small, labelled for screen readers as "<column> <row name>". */
export function RowSwitch({
  on,
  loading,
  label,
  onChange,
  testId,
}: {
  on: boolean;
  loading?: boolean;
  label: string;
  onChange: (on: boolean) => void;
  testId?: string;
}) {
  return (
    <Switch size="small" checked={on} loading={loading} aria-label={label} onChange={onChange} data-testid={testId} />
  );
}

/**
 * A table column of 0/1 flags (status, lock) shown as a `RowSwitch` per row, 80 px wide; the switch is labelled
 * "`label` `name(row)`" (`label` defaults to a string `title`; give it when the title is an element) and calls
 * `onChange(row, on)`.
 */
export function switchColumn<T>(opts: {
  title: ReactNode;
  label?: string;
  dataIndex: keyof T & string;
  name: (row: T) => string;
  loading: (row: T) => boolean | undefined;
  onChange: (row: T, on: boolean) => void;
  testId?: (row: T) => string;
  align?: 'center';
}): ColumnType<T> {
  return {
    title: opts.title,
    dataIndex: opts.dataIndex,
    width: 80,
    align: opts.align,
    render: (v: number, row: T) => (
      <RowSwitch
        on={v === 1}
        loading={opts.loading(row)}
        label={`${opts.label ?? (typeof opts.title === 'string' ? opts.title : '')} ${opts.name(row)}`}
        onChange={(on) => opts.onChange(row, on)}
        testId={opts.testId?.(row)}
      />
    ),
  };
}

/** A table column of ISO times (`formatTime`, kept on one line), shown from medium screens up, 150 px wide. */
export function timeColumn<T>(title: ReactNode, dataIndex: keyof T & string): ColumnType<T> {
  return {
    title,
    dataIndex,
    width: 150,
    responsive: ['md'],
    render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span>,
  };
}

/** The grey line under a row's name: "#id · a · b", empty parts left out. */
export function RowMeta({ id, parts = [] }: { id: number; parts?: readonly (string | number | null | undefined)[] }) {
  return (
    <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
      #{id}
      {parts.map((p) => (p ? ` · ${p}` : '')).join('')}
    </div>
  );
}
