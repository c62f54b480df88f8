import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Device, DeviceInput, SerialFlag, StolenReport } from '@shop/contract';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The catalogue as admins see it (retired models too), matching a typed query. */
export function useAdminDevices(q: string) {
  return useQuery({
    queryKey: queryKeys.devices.admin(q),
    queryFn: ({ signal }) => api<Device[]>('/devices/all', { query: { q, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Adds a model (no id) or changes one. */
export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: DeviceInput }) =>
      id
        ? api<Device>(`/devices/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : api<Device>('/devices', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.devices.all }),
  });
}

export function useStolenReports() {
  return useQuery({
    queryKey: queryKeys.devices.stolen,
    queryFn: ({ signal }) => api<StolenReport[]>('/stolen-devices', { signal }),
  });
}

export function useReviewStolen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'confirmed' | 'rejected' }) =>
      api(`/stolen-devices/${encodeURIComponent(id)}/review`, { method: 'POST', body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.devices.stolen }),
  });
}

export function useSerialFlags() {
  return useQuery({
    queryKey: queryKeys.devices.flags,
    queryFn: ({ signal }) => api<SerialFlag[]>('/stolen-devices/flags', { signal }),
  });
}

export function useResolveFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/stolen-devices/flags/${encodeURIComponent(id)}/resolve`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.devices.flags }),
  });
}
