/** Display texts of the VIP screens that depend on data: plan, channel, order state and what a code granted. */
import type { GrantKind, OrderStatus, PayChannel, PlanLong } from '@openvod/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { groupDisplayName } from '../me';

export function useVipText() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      /** A group's name (the built-in names translated). */
      groupName: (group: { group_id: number; group_name: string }) => groupDisplayName(group, t),
      /** "1 month" */
      longName: (long: PlanLong) => t(`vip.long.${long}`),
      /** "VIP member · 1 month" (the built-in group names translated). */
      planName: (group: { group_id: number; group_name: string }, long: PlanLong) =>
        `${groupDisplayName(group, t)} · ${t(`vip.long.${long}`)}`,
      channelName: (channel: PayChannel | string) =>
        channel === 'alipay' || channel === 'wechat' || channel === 'fake' ? t(`vip.channel.${channel}`) : channel,
      statusName: (status: OrderStatus) => t(`vip.status.${status}`),
      /** What a redemption code granted, e.g. "VIP member: 30 days", "100 points". */
      grantText: (kind: GrantKind, amount: number, groupName: string) => {
        switch (kind) {
          case 'vip':
            return t('vip.grant.vip', { group: groupName, count: amount });
          case 'points':
            return t('vip.grant.points', { count: amount });
          case 'views':
            return t('vip.grant.views', { count: amount });
          case 'downloads':
            return t('vip.grant.downloads', { count: amount });
        }
      },
    }),
    [t],
  );
}
