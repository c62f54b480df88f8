import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailSettings } from '@shop/contract';
import { api } from '@/lib/api';

/** Under 'account' like the profile page's other calls (see account.ts): a 401 re-checks the session, not this. */
export const mailSettingsKey = ['account', 'mail-settings'] as const;

/** GET /api/me/mail-settings: which optional mails the signed-in user gets. */
function getMailSettings(signal?: AbortSignal) {
  return api<MailSettings>('/me/mail-settings', { signal });
}

export function useMailSettings() {
  return useQuery(queryOptions({ queryKey: mailSettingsKey, queryFn: ({ signal }) => getMailSettings(signal), staleTime: 0 }));
}
