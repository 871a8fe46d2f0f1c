import { api } from '../../api/client';

/** Disable an active user or enable a disabled one (the server toggles). */
export const disableEnable = (id: number) => api<{ id: number; is_active: boolean; detail: string }>(`/api/users/${id}/disable_enable/`, { method: 'POST' });

/** A password set by an administrator, or the user's own with `old_password`. */
export const changePassword = (body: { username: string; password: string; old_password?: string }) =>
  api<{ detail: string }>('/api/users/change_password/', { method: 'POST', body });
