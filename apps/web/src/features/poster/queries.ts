/** Server state of the poster screens (TanStack Query): the pictures by type and user, and saving the poster. */
import type { QrcodeType } from '@openvod/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserId } from '../../lib/session';
import { posterApi } from './posterApi';

/** The member's identity QR or promotion poster (drawn by the server; the address changes when the picture does). */
export function usePicture(type: QrcodeType) {
  const userId = useUserId();
  return useQuery({
    queryKey: ['poster', type, userId],
    queryFn: ({ signal }) => posterApi.picture(type, signal),
    enabled: userId > 0,
    staleTime: 60_000,
  });
}

/**
 * Save the poster (createQrcode): resolves the PNG, its file name and the points paid now; the points screens and the
 * stored balance refresh (the server paid the "save promotion QR" task at most once today).
 */
export function useSavePoster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => posterApi.save(),
    onSuccess: async (r) => {
      if (r.point > 0) await client.invalidateQueries({ queryKey: ['points'] });
    },
  });
}
