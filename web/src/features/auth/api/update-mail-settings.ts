import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailSettings } from '@shop/contract';
import { api } from '@/lib/api';
import { mailSettingsKey } from './get-mail-settings';

/** PUT /api/me/mail-settings: turns the named kinds on or off; answers with every kind. */
function updateMailSettings(input: Partial<MailSettings>) {
  return api<MailSettings>('/me/mail-settings', { method: 'PUT', body: input });
}

export function useUpdateMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMailSettings,
    onSuccess: (saved) => queryClient.setQueryData(mailSettingsKey, saved),
  });
}
