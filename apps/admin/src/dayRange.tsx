/**
 * The day range of the console's reports (points, promotion, rewards, revenue: adminPointsReport,
 * adminPromotionReport, adminRewardsReport, adminRevenueReport take `from` and `to` as operator days, YYYY-MM-DD).
 * Kept out of ui.tsx so antd's DatePicker loads with the report pages only.
 */
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';

/** A report's `from` and `to` (operator days, YYYY-MM-DD); both absent for the server's default range. */
export interface DayRangeQuery {
  from?: string;
  to?: string;
}

/**
 * The days a report covers. `query` is `{}` until the operator picks days, so the server answers for its default
 * range (its last operator days: this browser's "today" may be another day than the operator's), then `{ from, to }`.
 * `picker(shown)` is the range picker: the picked days, else the range the server answered for (`shown`, its answer's
 * `from` and `to`), empty while neither is known.
 */
export function useDayRange(): {
  query: DayRangeQuery;
  picker: (shown: { from: string; to: string } | undefined) => ReactNode;
} {
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const query: DayRangeQuery = range ? { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') } : {};
  const picker = (shown: { from: string; to: string } | undefined) => (
    <DatePicker.RangePicker
      value={range ?? (shown ? [dayjs(shown.from), dayjs(shown.to)] : null)}
      allowClear={false}
      onChange={(v) => {
        if (v?.[0] && v[1]) setRange([v[0], v[1]]);
      }}
    />
  );
  return { query, picker };
}
